import { type Bsp1133Ceiling, capToBsp1133 } from './bsp-1133';
import type { IsoDate } from './dates';
import { buildDisclosure, type TilaDisclosure } from './disclosure';
import { bpsOf, type Centavos, sumCentavos } from './money';
import { amountErrors, type LoanProduct, type PenaltyTier, periodDaysOf } from './product';
import { buildInstallments, type RepayPlanRow, type ScheduledInstallment, toRepayPlans } from './schedule';

/**
 * The terms a loan is written on: the product's figures after the BSP ceilings, frozen at
 * disbursal so that later product edits never reprice a running loan.
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
  bsp1133: boolean;
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
  bsp1133: { covered: boolean; applied: Bsp1133Ceiling[] };
}

/** Prices `amount` under `product` disbursed on `disbursalDate`; throws RangeError on a bad amount. */
export function quoteLoan(product: LoanProduct, amount: Centavos, disbursalDate: IsoDate): LoanQuote {
  const errors = amountErrors(product, amount);
  if (errors.length > 0) throw new RangeError(errors.join('; '));
  const periodDays = periodDaysOf(product);
  const capped = capToBsp1133({
    principal: amount,
    termDays: product.termDays,
    periods: product.periods,
    dailyInterestBps: product.dailyInterestBps,
    serviceFee: bpsOf(amount, product.serviceFeeBps),
    penaltyTiers: product.penaltyTiers,
  });
  const installments = buildInstallments({
    amount,
    periods: product.periods,
    periodDays,
    dailyInterestBps: capped.dailyInterestBps,
    disbursalDate,
  });
  const interest = sumCentavos(installments.map((row) => row.interest));
  const first = installments[0]!; // periods ≥ 1
  return {
    amount,
    disbursalDate,
    terms: {
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
      bsp1133: capped.covered,
    },
    installments,
    repayPlans: toRepayPlans(installments),
    firstPayTime: first.dueDate,
    firstPeriodDay: periodDays,
    totals: { principal: amount, interest, fees: capped.serviceFee, totalRepayable: amount + interest },
    netProceeds: amount - capped.serviceFee,
    disclosure: buildDisclosure({ principal: amount, serviceFee: capped.serviceFee, disbursalDate, installments }),
    bsp1133: { covered: capped.covered, applied: capped.applied },
  };
}
