import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { recProductSchema } from '../../../shared/contracts/loan-details';
import { formatMoney } from '../../../shared/format/money';
import { products } from '../../db/schema';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyText } from '../../i18n/reply-texts';
import { formatBps } from '../../../shared/format/percent';
import { deepFreeze } from '../../../shared/deep-freeze';
import { keptByKey } from '../../../shared/kept-by-key';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A product as the order read brings it (`recommendedProductsJson`). */
export interface RecommendedRow {
  id: number;
  name: string;
  logo: string;
  terms: Record<string, unknown>;
}

/**
 * spec 001 §2.1, §3: the other products the borrower can apply for now (enabled ones), in id
 * order, as one JSON column of the order's own read (the order's product id is `exceptProductId`),
 * so the page costs no second round trip for them.
 */
export const recommendedProductsJson = (exceptProductId: unknown) => sql<RecommendedRow[]>`coalesce((
  select json_agg(json_build_object('id', ${products.id}, 'name', ${products.name}, 'logo', ${products.logo}, 'terms', ${products.terms}) order by ${products.id})
  from ${products}
  where ${products.enabled} and ${products.id} <> ${exceptProductId}
), '[]'::json)`;

/** The recommended products in the reader's language, with their amount range, term and daily rate. */
export function recommendedProducts(
  rows: readonly RecommendedRow[],
  locale: ReplyLocale,
): z.infer<typeof recProductSchema>[] {
  return rows.map((p) => ({
    productId: Number(p.id),
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

/** How many (language, product list) pairs `recommendedProductsOf` keeps: a handful in practice. */
const LISTS_KEPT = 64;
const listsByText = keptByKey<readonly z.infer<typeof recProductSchema>[]>(LISTS_KEPT);

/**
 * `recommendedProducts` of the list as PostgreSQL prints it (`recommendedProductsJson(…)::text`),
 * remembered by the language and that text: the list changes only when a product does, and then
 * its text is a different key, so a kept list is never out of date. Frozen, as replies share it.
 */
export function recommendedProductsOf(text: string, locale: ReplyLocale): readonly z.infer<typeof recProductSchema>[] {
  const key = `${locale}\n${text}`;
  const kept = listsByText.get(key);
  if (kept) return kept;
  return listsByText.keep(key, deepFreeze(recommendedProducts(JSON.parse(text) as RecommendedRow[], locale)));
}
