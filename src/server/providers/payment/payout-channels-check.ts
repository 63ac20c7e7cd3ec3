import { z } from 'zod';
import { XENDIT_PAYOUT_CHANNELS } from './xendit-payouts';
import type { xenditClient } from './xendit-client';

/** GET /payouts_channels: the channels the account can pay out to (the SDK's Channel), only the fields read. */
const channelsSchema = z.array(
  z.looseObject({
    channel_code: z.string(),
    currency: z.string(),
    amount_limits: z.looseObject({ minimum: z.number(), maximum: z.number() }).nullish(),
  }),
);

export interface ChannelCheck {
  /** Our payout channels (bind form) the account offers, with Xendit's code. */
  offered: { ours: string; code: string; maximum: number | null }[];
  /** Our payout channels the account does not offer: a payout to them would be refused. */
  missing: { ours: string; code: string }[];
}

/**
 * Asks Xendit which payout channels the account offers (`GET /payouts_channels?currency=PHP`) and
 * compares them with ours (XENDIT_PAYOUT_CHANNELS): every channel a borrower can bind must be one
 * Xendit will pay to, or disbursals to it fail at the moment money should go out.
 */
export async function checkPayoutChannels(client: ReturnType<typeof xenditClient>): Promise<ChannelCheck> {
  const listed = channelsSchema.safeParse(await client.get('/payouts_channels?currency=PHP'));
  if (!listed.success) throw new Error('Xendit payout channels listing not understood');
  const byCode = new Map(listed.data.filter((c) => c.currency === 'PHP').map((c) => [c.channel_code, c]));
  const offered: ChannelCheck['offered'] = [];
  const missing: ChannelCheck['missing'] = [];
  for (const [ours, code] of Object.entries(XENDIT_PAYOUT_CHANNELS)) {
    const found = byCode.get(code);
    if (found) offered.push({ ours, code, maximum: found.amount_limits?.maximum ?? null });
    else missing.push({ ours, code });
  }
  return { offered, missing };
}
