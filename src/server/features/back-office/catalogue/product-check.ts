import { Code } from '../../../../shared/codes';
import { formatMoney } from '../../../../shared/format/money';
import { manilaToday } from '../../../../shared/format/date';
import {
  type CeilingRegime,
  DEFAULT_LENDER_LIMITS,
  type LenderLimits,
  parseLoanProduct,
  quoteLoan,
  regimeOn,
} from '../../../domain/loan';
import { AppError } from '../../../http/app-error';

/** The engine's verdict on a product's terms, field by field, without saving anything. */
export interface TermsCheck {
  ok: boolean;
  /** Why the engine refuses the terms, keyed by the field's path (e.g. `dailyInterestBps`, `penaltyTiers.0.fromDay`). */
  errors: Record<string, string[]>;
  /** The ceilings that bind each field (regulation or lender limit), keyed the same way. */
  ceilings: Record<string, string[]>;
  /** What the engine found when pricing the smallest and largest loan. */
  notes: string[];
}

const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function add(map: Record<string, string[]>, field: string, message: string) {
  const list = map[field] ?? [];
  if (!list.includes(message)) list.push(message);
  map[field] = list;
}

function regimeCeilings(map: Record<string, string[]>, regime: Readonly<CeilingRegime>) {
  const scope = `loans of ${formatMoney(regime.maxPrincipal)} or less over at most ${regime.maxTermMonths} months`;
  add(
    map,
    'dailyInterestBps',
    `${regime.source} caps the nominal interest at ${pct(regime.nominalDailyBps)} a day for ${scope}`,
  );
  add(
    map,
    'dailyInterestBps',
    `${regime.source} caps the effective rate (interest and fees) at ${pct(regime.effectiveMonthlyBps)} a month`,
  );
  add(
    map,
    'serviceFeeBps',
    `${regime.source} caps the effective rate (interest and fees) at ${pct(regime.effectiveMonthlyBps)} a month`,
  );
  add(
    map,
    'penaltyTiers',
    `${regime.source} caps late penalties and the default charge at ${pct(regime.lateMonthlyBps)} a month of the amount due`,
  );
  add(
    map,
    'defaultChargeNew',
    `${regime.source} caps late penalties and the default charge at ${pct(regime.lateMonthlyBps)} a month of the amount due`,
  );
  add(
    map,
    'defaultChargeRepeat',
    `${regime.source} caps late penalties and the default charge at ${pct(regime.lateMonthlyBps)} a month of the amount due`,
  );
}

function limitCeilings(map: Record<string, string[]>, limits: LenderLimits) {
  add(
    map,
    'dailyInterestBps',
    `The lender limits cap the interest at ${pct(limits.maxDailyInterestBps)} a day and the total cost at ${pct(limits.maxTotalCostBps)} of the principal`,
  );
  add(map, 'serviceFeeBps', `The lender limits cap each fee at ${pct(limits.maxServiceFeeBps)} of the principal`);
  add(map, 'extensionFeeBps', `The lender limits cap each fee at ${pct(limits.maxServiceFeeBps)} of the principal`);
  add(
    map,
    'defaultChargeNew',
    `The lender limits cap the default charge at ${pct(limits.maxDefaultChargeShareBps)} of what is late`,
  );
  add(
    map,
    'defaultChargeRepeat',
    `The lender limits cap the default charge at ${pct(limits.maxDefaultChargeShareBps)} of what is late`,
  );
}

const LOWERED: Record<string, string> = {
  'nominal-interest': 'dailyInterestBps',
  'effective-rate': 'serviceFeeBps',
  'service-fee': 'serviceFeeBps',
  'late-penalty': 'penaltyTiers',
  'total-cost': 'dailyInterestBps',
};

/**
 * An engine refusal in the unit of the form's field: a field in basis points reads in percent (the
 * form shows "% a day" and "% of principal"), so "must be at most 20" becomes "must be at most
 * 0.20%" and "come to 1250 bps of the principal, above 2000" becomes "12.50% … above 20.00%".
 */
export function inFieldUnits(field: string, message: string): string {
  if (!/Bps$/.test(field)) return message;
  return message
    .replace(/(\d+) bps\b/g, (_, n: string) => pct(Number(n)))
    .replace(
      /\b(at most|above|at least|below) (\d+)\b(?!%)/g,
      (_, word: string, n: string) => `${word} ${pct(Number(n))}`,
    );
}

/**
 * Runs the loan engine over `terms` within the lender limits and prices the smallest and largest
 * loan today: every refusal goes under its field, and so does every ceiling that binds it (the
 * small-loan circular in force where a loan falls under it, the lender limits where none does).
 */
export function inspectTerms(terms: unknown, limits: LenderLimits = DEFAULT_LENDER_LIMITS): TermsCheck {
  const errors: Record<string, string[]> = {};
  const ceilings: Record<string, string[]> = {};
  const notes: string[] = [];
  const check = parseLoanProduct(terms, limits);
  if (!check.ok) {
    for (const error of check.errors) {
      const at = error.indexOf(': ');
      const field = at > 0 ? error.slice(0, at) : 'terms';
      add(errors, field, inFieldUnits(field, at > 0 ? error.slice(at + 2) : error));
    }
  }
  limitCeilings(ceilings, limits);
  if (!check.ok) {
    // The regime in force still binds small loans: name it so the admin sees it beside the rate.
    regimeCeilings(ceilings, regimeOn(manilaToday()));
    return { ok: false, errors, ceilings, notes };
  }
  const today = manilaToday();
  for (const amount of [check.product.minAmount, check.product.maxAmount]) {
    try {
      const { ceiling } = quoteLoan(check.product, amount, today, limits);
      const under = ceiling.source ?? 'the lender limits';
      if (ceiling.regime) regimeCeilings(ceilings, regimeOn(today));
      if (ceiling.applied.length > 0) {
        notes.push(`A loan of ${formatMoney(amount)} is capped by ${under}: ${ceiling.applied.join(', ')}`);
        for (const applied of ceiling.applied)
          add(
            ceilings,
            LOWERED[applied] ?? 'terms',
            `A loan of ${formatMoney(amount)} is lowered to ${under}'s ${applied} ceiling`,
          );
      } else if (ceiling.source)
        notes.push(`A loan of ${formatMoney(amount)} is within ${ceiling.source} and under its ceilings`);
    } catch (err) {
      add(errors, 'terms', `The engine cannot price ${formatMoney(amount)}: ${(err as Error).message}`);
    }
  }
  return { ok: Object.keys(errors).length === 0, errors, ceilings, notes };
}

/**
 * A product is saved only when the loan engine accepts its terms within the lender limits
 * (`config.lenderLimits`; the engine's defaults when not given) and can price both the smallest and
 * the largest loan; the ceilings that bind them today are named.
 */
export function checkTerms(
  terms: unknown,
  limits: LenderLimits = DEFAULT_LENDER_LIMITS,
): { terms: Record<string, unknown>; notes: string[] } {
  const check = inspectTerms(terms, limits);
  if (!check.ok) {
    const list = Object.entries(check.errors).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
    throw new AppError(Code.BAD_REQUEST, `The terms are not valid: ${list.join('; ')}`, {
      field: 'terms',
      errors: list,
    });
  }
  return { terms: terms as Record<string, unknown>, notes: check.notes };
}
