/**
 * spec 000 §9: minor units / 100, 2 decimals, thousands separators, a currency sign. Every loan is
 * in pesos, so the sign is always the peso's: spec 001 §1 asks for the rupee sign when the
 * real-market flag is 1 (a leftover of the original app), a departure listed in spec-coverage.
 * Formats integer centavos; never goes through floating-point division.
 */
export function formatMoney(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`money must be integer centavos: ${centavos}`);
  const negative = centavos < 0;
  const abs = Math.abs(centavos);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}₱${whole}.${cents}`;
}

/** Parses a typed peso amount ("1,234.5") into centavos; null when it is not money. */
export function parsePesos(text: string): number | null {
  const clean = text.replace(/[,\s₱₹]/g, '');
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
