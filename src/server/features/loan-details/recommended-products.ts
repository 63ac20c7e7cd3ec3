import type { z } from 'zod';
import type { recProductSchema } from '../../../shared/contracts/loan-details';
import { formatMoney } from '../../../shared/format/money';
import type { Catalogue, CatalogueProduct } from '../../catalogue/kept-catalogue';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyText } from '../../i18n/reply-texts';
import { formatBps } from '../../../shared/format/percent';
import { deepFreeze } from '../../../shared/deep-freeze';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The recommended products in the reader's language, with their amount range, term and daily rate. */
function recommendedProducts(
  rows: readonly CatalogueProduct[],
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

type RecommendedList = readonly z.infer<typeof recProductSchema>[];
/** The lists made from each catalogue read, by language and order product: they go with the read. */
const listsOf = new WeakMap<Catalogue, Map<string, RecommendedList>>();

/**
 * spec 001 §2.1, §3: the other products the borrower can apply for now (the enabled ones but the
 * order's own), in id order, in the reader's language. Kept beside the catalogue read they come
 * from (a change to any product makes a new read), by language and order product. Frozen, as
 * replies share them.
 */
export function recommendedProductsOf(
  catalogue: Catalogue,
  exceptProductId: number,
  locale: ReplyLocale,
): RecommendedList {
  let lists = listsOf.get(catalogue);
  if (!lists) {
    lists = new Map();
    listsOf.set(catalogue, lists);
  }
  const key = `${locale}\n${exceptProductId}`;
  let list = lists.get(key);
  if (!list) {
    list = deepFreeze(
      recommendedProducts(
        catalogue.enabled.filter((p) => p.id !== exceptProductId),
        locale,
      ),
    );
    lists.set(key, list);
  }
  return list;
}
