import { asc, eq } from 'drizzle-orm';
import { channelByNumber, type PaymentChannel } from '../../../shared/payment-channels';
import type { Db } from '../../db/client';
import { productChannels } from '../../db/schema';

/** The channels a product offers, in its order (DESIGN §8: configured per product). */
export async function channelsOf(db: Db, productId: number): Promise<PaymentChannel[]> {
  const rows = await db.select().from(productChannels).where(eq(productChannels.productId, productId)).orderBy(asc(productChannels.position));
  return rows.map((r) => channelByNumber(r.channelNumber)).filter((c): c is PaymentChannel => c !== undefined);
}

export const asListItem = (c: PaymentChannel) => ({ name: c.name, logo: c.logo, channel_number: c.channelNumber });

/** spec 001 §2.7 grouped payment notices: how to pay the contract number at each kind of channel. */
export function payNotices(channels: readonly PaymentChannel[], contractNo: string) {
  const wallets = channels.filter((c) => c.kind === 'ewallet');
  const counters = channels.filter((c) => c.kind === 'counter');
  const groups = [];
  if (wallets.length > 0) {
    groups.push({
      title: 'E-wallet (bills payment)',
      list: wallets.map((c) => ({
        name: c.name,
        steps: [`Open ${c.name} and choose Pay Bills`, 'Choose Payment Solutions, then Hiram', `Enter the reference number ${contractNo}`, 'Enter the amount and confirm'],
      })),
    });
  }
  if (counters.length > 0) {
    groups.push({
      title: 'Over the counter',
      list: counters.map((c) => ({
        name: c.name,
        steps: [`Go to any ${c.name} branch`, 'Tell the cashier you are paying Hiram', `Give the reference number ${contractNo}`, 'Pay the amount and keep the receipt'],
      })),
    });
  }
  return groups;
}
