/** How long a borrower's out-of-hours consent may last: they choose, and it ends by itself. */
export const CONSENT_DAYS = [7, 30] as const;
export type ConsentDays = (typeof CONSENT_DAYS)[number];
/** An SMS reply without a number of days gives this. */
export const SMS_CONSENT_DAYS: ConsentDays = 7;

export type SmsReply = { kind: 'consent'; days: ConsentDays } | { kind: 'revoke' } | { kind: 'other' };

/**
 * What a borrower's SMS reply says: "YES" / "OO" (optionally "YES 30") consents to contact outside
 * 6 AM–10 PM, "STOP" / "HINTO" withdraws it; anything else is not read as either.
 */
export function readSmsReply(text: string): SmsReply {
  const words = text.trim().toUpperCase().split(/\s+/);
  const [first, second] = words;
  if (words.length <= 2 && (first === 'YES' || first === 'OO')) {
    if (second === undefined) return { kind: 'consent', days: SMS_CONSENT_DAYS };
    const days = Number(second);
    return (CONSENT_DAYS as readonly number[]).includes(days)
      ? { kind: 'consent', days: days as ConsentDays }
      : { kind: 'other' };
  }
  if (words.length === 1 && (first === 'STOP' || first === 'HINTO')) return { kind: 'revoke' };
  return { kind: 'other' };
}
