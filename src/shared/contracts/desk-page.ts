import { z } from 'zod';

/**
 * One page of a desk list, read on the server: the page, its size, the column it is sorted by and
 * the direction. Every desk list answers the rows of that page and the total over the whole set,
 * so a filter or a sort never works on a cut-off part of the list.
 */
export const MAX_PAGE_SIZE = 100;

export function pageRequest<S extends string>(
  sorts: readonly [S, ...S[]],
  defaultSort: S,
  defaultOrder: 'asc' | 'desc',
) {
  return {
    page: z.coerce.number().int().positive().max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    sort: z.enum(sorts).default(defaultSort as never),
    order: z.enum(['asc', 'desc']).default(defaultOrder),
  };
}

/** A yes/no filter as the desk sends it ("1" or "0"); absent is no. */
export const yesNo = z
  .enum(['0', '1'])
  .default('0')
  .transform((v) => v === '1');

/** What a paged list answers besides its rows: how many rows the whole filtered set holds. */
export const pageReply = { total: z.number().int().nonnegative() };

/** The rows to skip for a page. */
export const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) => (page - 1) * pageSize;
