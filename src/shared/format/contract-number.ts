/** How contract (order) numbers are displayed: HRM and the order's id in eight digits. */
export const contractNumberOf = (orderId: number): string => `HRM${String(orderId).padStart(8, '0')}`;

/**
 * A contract number as staff type it, in any form: `84`, `00000084`, `HRM84`, `hrm-00000084`,
 * `#84` all become `HRM00000084`; text that is not one (a name, a reference) gives null.
 */
export function contractNumberQuery(text: string): string | null {
  const compact = text
    .trim()
    .toUpperCase()
    .replace(/[\s#-]/g, '');
  const match = /^(?:HRM)?0*(\d{1,8})$/.exec(compact);
  if (!match?.[1] || Number(match[1]) === 0) return null;
  return contractNumberOf(Number(match[1]));
}
