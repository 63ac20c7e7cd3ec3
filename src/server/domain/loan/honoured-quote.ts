import { daysBetween, type IsoDate } from './dates';
import type { Centavos } from './money';

/**
 * An amount quoted to the borrower on `quotedOn` and honoured through `validThrough` (inclusive):
 * a payment of at least `amount` with a value date in that window is posted as quoted (the
 * extension's delay amount, or the payoff) even though the loan moved on since. What moved on
 * after the quote is waived: late days for an extension, interest and late days for a payoff.
 */
export interface HonouredQuote {
  amount: Centavos;
  quotedOn: IsoDate;
  validThrough: IsoDate;
}

/** Whether `asOf` falls in the quote's window. */
export function isHonouredOn(honoured: HonouredQuote | undefined, asOf: IsoDate): honoured is HonouredQuote {
  return !!honoured && daysBetween(honoured.quotedOn, asOf) >= 0 && daysBetween(asOf, honoured.validThrough) >= 0;
}
