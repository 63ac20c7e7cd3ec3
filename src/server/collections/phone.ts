/**
 * A Philippine mobile in one form, 09XXXXXXXXX, however it was typed (+63 917 123 4567,
 * 63-917…, 917…): two numbers are the same person's only when their normal forms are equal.
 * Anything that is not a mobile keeps its digits only.
 */
export function normalPhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (/^63\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}
