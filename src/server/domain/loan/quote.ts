import { type Ceiling, capToCeilings, type RegimeId, regimeById, regimeOfTerms } from './ceilings';
import type { IsoDate } from './dates';
import { buildDisclosure, type TilaDisclosure } from './disclosure';
import { DEFAULT_LENDER_LIMITS, type LenderLimits } from './limits';
import { bpsOf, type Centavos, sumCentavos } from './money';
import { amountErrors, type LoanProduct, type PenaltyTier, periodDaysOf } from './product';
import { buildInstallments, type RepayPlanRow, type ScheduledInstallment, toRepayPlans } from './schedule';

/**
 * The terms a loan is written on: the product's figures after the ceilings, frozen at disbursal
 * so that later product edits or configuration never reprice a running loan.
 */
export interface LoanTerms {
  termDays: number;
  periods: number;
  periodDays: number;
  dailyInterestBps: number;
  serviceFee: Centavos;
  extensionFeeBps: number;
  extensionAllowed: boolean;
  defaultChargeNew: Centavos;
  defaultChargeRepeat: Centavos;
  penaltyTiers: readonly PenaltyTier[];
  prepayment: { minDaysAfterDisbursal: number; minTermShareBps: number };
  /** The regime the loan was entered into under (ceilings.ts); null when outside every regime. */
  ceiling: RegimeId | null;
  /** The lender limits for a loan outside every regime, as configured at the quote; null under a regime. */
  limits: LenderLimits | null;
  /**
   * Legacy, read only: terms stored before the regime table carry `bsp1133` and no `ceiling`.
   * Read the regime with `regimeOfTerms`, never from this field.
   */
  bsp1133?: boolean;
}

export interface LoanQuote {
  amount: Centavos;
  disbursalDate: IsoDate;
  terms: LoanTerms;
  installments: ScheduledInstallment[];
  repayPlans: RepayPlanRow[];
  firstPayTime: IsoDate;
  /** Days from disbursal to the first payment. */
  firstPeriodDay: number;
  /** `fees` is the service fee, withheld from the proceeds, so not part of `totalRepayable`. */
  totals: { principal: Centavos; interest: Centavos; fees: Centavos; totalRepayable: Centavos };
  netProceeds: Centavos;
  disclosure: TilaDisclosure;
  /** The regime that covers the loan (null: the lender limits apply) and the ceilings that lowered a figure. */
  ceiling: { regime: RegimeId | null; source: string | null; applied: Ceiling[] };
}

/**
 * Prices `amount` under `product` disbursed on `disbursalDate`, under the ceiling regime in force
 * that day or, outside every regime, under `limits` (frozen into the terms). Throws RangeError on
 * a bad amount.
 */
export function quoteLoan(
  product: LoanProduct,
  amount: Centavos,
  disbursalDate: IsoDate,
  limits: LenderLimits = DEFAULT_LENDER_LIMITS,
): LoanQuote {
  const errors = amountErrors(product, amount);
  if (errors.length > 0) throw new RangeError(errors.join('; '));
  const periodDays = periodDaysOf(product);
  const capped = capToCeilings(
    {
      principal: amount,
      termDays: product.termDays,
      periods: product.periods,
      dailyInterestBps: product.dailyInterestBps,
      serviceFee: bpsOf(amount, product.serviceFeeBps),
      penaltyTiers: product.penaltyTiers,
    },
    disbursalDate,
    limits,
  );
  const installments = buildInstallments({
    amount,
    periods: product.periods,
    periodDays,
    dailyInterestBps: capped.dailyInterestBps,
    disbursalDate,
    rounding: capped.regime ? 'down' : 'half-up',
  });
  const interest = sumCentavos(installments.map((row) => row.interest));
  const first = installments[0]!; // periods ≥ 1
  const terms: LoanTerms = {
    termDays: product.termDays,
    periods: product.periods,
    periodDays,
    dailyInterestBps: capped.dailyInterestBps,
    serviceFee: capped.serviceFee,
    extensionFeeBps: product.extensionFeeBps,
    extensionAllowed: product.extensionAllowed,
    defaultChargeNew: product.defaultChargeNew,
    defaultChargeRepeat: product.defaultChargeRepeat,
    penaltyTiers: capped.penaltyTiers,
    prepayment: { ...product.prepayment },
    ceiling: capped.regime,
    limits: capped.regime ? null : { ...limits },
  };
  return {
    amount,
    disbursalDate,
    terms,
    installments,
    repayPlans: toRepayPlans(installments),
    firstPayTime: first.dueDate,
    firstPeriodDay: periodDays,
    totals: { principal: amount, interest, fees: capped.serviceFee, totalRepayable: amount + interest },
    netProceeds: amount - capped.serviceFee,
    disclosure: buildDisclosure({ principal: amount, disbursalDate, terms, installments }),
    ceiling: {
      regime: capped.regime,
      source: capped.regime ? regimeById(capped.regime).source : null,
      applied: capped.applied,
    },
  };
}

/** A quote as stored with an order before the regime table: `bsp1133` instead of `ceiling`, a shorter disclosure. */
export type StoredQuote = Omit<LoanQuote, 'ceiling'> & {
  ceiling?: LoanQuote['ceiling'];
  bsp1133?: { covered: boolean; applied: Ceiling[] };
};

/**
 * A stored quote in today's shape. An older one keeps every figure it priced; its regime is read
 * with `regimeOfTerms` and its disclosure rebuilt from its own terms and schedule, which gives the
 * same amounts and rates plus the items added since (default charge, penalties, extension,
 * prepayment, ceilings).
 */
export function readStoredQuote(stored: StoredQuote): LoanQuote {
  if (stored.ceiling && stored.disclosure.prepayment) return stored as LoanQuote;
  const regime = regimeOfTerms(stored.terms);
  const terms: LoanTerms = { ...stored.terms, ceiling: regime?.id ?? null, limits: stored.terms.limits ?? null };
  return {
    ...stored,
    terms,
    disclosure: buildDisclosure({
      principal: stored.amount,
      disbursalDate: stored.disbursalDate,
      terms,
      installments: stored.installments,
    }),
    ceiling: stored.ceiling ?? {
      regime: regime?.id ?? null,
      source: regime?.source ?? null,
      applied: stored.bsp1133?.applied ?? [],
    },
  };
}
