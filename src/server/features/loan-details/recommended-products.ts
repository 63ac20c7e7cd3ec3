import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { recProductSchema } from '../../../shared/contracts/loan-details';
import { formatMoney } from '../../../shared/format/money';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyText } from '../../i18n/reply-texts';
import { formatBps } from '../../../shared/format/percent';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * spec 001 §2.1, §3: the other products the borrower can apply for now (enabled ones), with their
 * amount range, term and daily rate, in the reader's language.
 */
export async function recommendedProducts(
  db: Db,
  exceptProductId: number,
  locale: ReplyLocale,
): Promise<z.infer<typeof recProductSchema>[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.enabled, true), ne(products.id, exceptProductId)))
    .orderBy(products.id);
  return rows.map((p) => ({
    productId: p.id,
    name: p.name,
    logo: p.logo,
    enabled: 1,
    buttonText: replyText(locale, 'rec.apply'),
    range: `${formatMoney(num(p.terms.minAmount))} – ${formatMoney(num(p.terms.maxAmount))}`,
    rangeDesc: replyText(locale, 'rec.rangeDesc'),
    rate: replyText(locale, 'confirm.rate', { rate: formatBps(num(p.terms.dailyInterestBps)) }),
    description: replyText(locale, 'rec.term', { days: num(p.terms.termDays) }),
  }));
}
