/**
 * The amounts each collection channel takes in one payment, in centavos, as Xendit documents them
 * for the Philippines: 7-Eleven ₱50–₱50,000; QR Ph and ECPay up to ₱50,000; Cebuana and Palawan
 * up to ₱50,000 (over-the-counter); GCash and Maya e-wallet checkouts from ₱1 up to ₱100,000 (the
 * e-wallet's own wallet limit can be lower). An amount outside is refused before the provider is
 * asked, with a message the borrower understands, instead of an error after it.
 */
export interface ChannelLimit {
  min: number;
  max: number;
}

export const CHANNEL_LIMITS: Readonly<Record<string, ChannelLimit>> = {
  GCASH: { min: 100, max: 10_000_000 },
  MAYA: { min: 100, max: 10_000_000 },
  '7ELEVEN': { min: 5_000, max: 5_000_000 },
  CEBUANA: { min: 100, max: 5_000_000 },
  PALAWAN: { min: 100, max: 5_000_000 },
  ECPAY: { min: 100, max: 5_000_000 },
  QRPH: { min: 100, max: 5_000_000 },
};

/** 'below' / 'above' when the channel cannot take this amount in one payment; null when it can (or has no known limit). */
export function outsideChannelLimit(
  channelCode: string,
  amount: number,
): { side: 'below' | 'above'; limit: ChannelLimit } | null {
  const limit = CHANNEL_LIMITS[channelCode];
  if (!limit) return null;
  if (amount < limit.min) return { side: 'below', limit };
  if (amount > limit.max) return { side: 'above', limit };
  return null;
}
