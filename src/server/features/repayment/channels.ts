import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import { asc, eq } from 'drizzle-orm';
import { channelByNumber, type PaymentChannel } from '../../../shared/payment-channels';
import type { Db } from '../../db/client';
import { productChannels } from '../../db/schema';

/** The channels a product offers, in its order (architecture.md: Providers: configured per product). */
export async function channelsOf(db: Db, productId: number): Promise<PaymentChannel[]> {
  const rows = await db
    .select()
    .from(productChannels)
    .where(eq(productChannels.productId, productId))
    .orderBy(asc(productChannels.position));
  return rows.map((r) => channelByNumber(r.channelNumber)).filter((c): c is PaymentChannel => c !== undefined);
}

export const asListItem = (c: PaymentChannel) => ({ name: c.name, logo: c.logo, channel_number: c.channelNumber });

/** spec 001 §2.7 grouped payment notices: how to pay the contract number at each kind of channel. */
export function payNotices(channels: readonly PaymentChannel[], contractNo: string, locale: ReplyLocale = 'en') {
  const tx = replyTexts(locale);
  const wallets = channels.filter((c) => c.kind === 'ewallet');
  const counters = channels.filter((c) => c.kind === 'counter');
  const groups = [];
  if (wallets.length > 0) {
    groups.push({
      title: tx('repay.walletGroup'),
      list: wallets.map((c) => ({
        name: c.name,
        steps: [
          tx('repay.walletStep1', { channel: c.name }),
          tx('repay.walletStep2'),
          tx('repay.walletStep3', { reference: contractNo }),
          tx('repay.walletStep4'),
        ],
      })),
    });
  }
  if (counters.length > 0) {
    groups.push({
      title: tx('repay.counterGroup'),
      list: counters.map((c) => ({
        name: c.name,
        steps: [
          tx('repay.counterStep1', { channel: c.name }),
          tx('repay.counterStep2'),
          tx('repay.counterStep3', { reference: contractNo }),
          tx('repay.counterStep4'),
        ],
      })),
    });
  }
  return groups;
}
