import { addDays, type HonouredQuote, type IsoDate } from '../../domain/loan';
import type { ExtensionOffer } from './extension-offer';

/** How long a quoted amount is honoured: through the end of the Manila day after the quote. */
export const QUOTE_VALID_DAYS = 1;

export const validThroughOf = (quotedOn: IsoDate): IsoDate => addDays(quotedOn, QUOTE_VALID_DAYS);

/** The payoff shown on the repay page, stored with a pay request for exactly that amount. */
export interface PayoffQuote {
  kind: 'payoff';
  payoff: number;
  rebate: number;
  quotedOn: IsoDate;
  validThrough: IsoDate;
}

export type StoredQuote = PayoffQuote | ({ kind: 'extension' } & ExtensionOffer);

/**
 * The quote stored with a pay request, as the engine honours it: the amount the borrower was
 * asked for and its window. Undefined when the request carries none (an ordinary repayment).
 */
export function honouredOf(quote: Record<string, unknown> | null | undefined): HonouredQuote | undefined {
  if (!quote) return undefined;
  const amount = quote.kind === 'payoff' ? quote.payoff : quote.delayAmount;
  const { quotedOn, validThrough } = quote;
  if (typeof amount !== 'number' || typeof quotedOn !== 'string' || typeof validThrough !== 'string') return undefined;
  return { amount, quotedOn, validThrough };
}
