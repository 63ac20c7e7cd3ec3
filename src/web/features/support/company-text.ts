/**
 * The certificate of authority as written in running text: configuration may hold "3001" or
 * "CA No. 3001"; both read "CA No. 3001".
 */
export function certificateLabel(value: string): string {
  const trimmed = value.trim();
  return /^C\.?A\.?\s*No\.?/i.test(trimmed) ? trimmed : `CA No. ${trimmed}`;
}
