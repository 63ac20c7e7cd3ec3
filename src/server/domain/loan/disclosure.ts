import { type RegimeId, regimeOfTerms } from './ceilings';
import { daysBetween, type IsoDate } from './dates';
import { type CashFlow, monthlyIrr, toBps } from './irr';
import type { LenderLimits } from './limits';
import type { LoanState } from './loan-state';
import { type Centavos, sumCentavos } from './money';
import { prepaymentOpensOn } from './prepayment';
import type { LoanTerms } from './quote';
import type { ScheduledInstallment } from './schedule';

export type FinanceChargeKind = 'interest' | 'service-fee';

/**
 * The Truth in Lending disclosure (RA 3765, BSP Circular 730) shown before the borrower submits:
 * the finance charge and its rate, and every other charge the borrower may incur under the terms.
 */
export interface TilaDisclosure {
  principal: Centavos;
  /** What the borrower actually receives: the principal less charges deducted at disbursal. */
  amountFinanced: Centavos;
  netProceeds: Centavos;
  financeCharges: { kind: FinanceChargeKind; amount: Centavos }[];
  totalFinanceCharge: Centavos;
  totalOfPayments: Centavos;
  schedule: { period: number; dueDate: IsoDate; amount: Centavos }[];
  /**
   * IRR of the cash flows (proceeds out on the disbursal day, installments in on their due days),
   * per 30-day month. Over a year: `compoundedAnnualBps` = (1 + monthly)^12 − 1, the true yearly
   * cost; `monthlyTimes12Bps` = monthly × 12, the nominal figure, shown only labelled as such.
   */
  effectiveRate: { monthlyBps: number; compoundedAnnualBps: number; monthlyTimes12Bps: number };
  /** The one-off default charge on the first overdue day, by borrower (held to the ceilings below). */
  defaultCharge: { new: Centavos; repeat: Centavos };
  /** Late penalty interest per 30-day month on the amount due, by overdue days (toDay null: onwards). */
  penaltyTiers: { fromDay: number; toDay: number | null; monthlyBps: number }[];
  /** An extension (renewal) by one period: its fee on the outstanding principal, and how many the loan allows. */
  extension: { allowed: boolean; feeBps: number; maxExtensions: number | null };
  /**
   * Prepayment opens on `opensOn` (the later of `minDaysAfterDisbursal` and `minTermShareBps` of the
   * term); the borrower then pays interest only to the day of payment: unearned interest is rebated.
   */
  prepayment: { opensOn: IsoDate; minDaysAfterDisbursal: number; minTermShareBps: number; rebate: 'unearned-interest' };
  /** The regulation whose ceilings bind the loan, with its figures; null outside every regime. */
  ceiling: {
    regime: RegimeId;
    source: string;
    nominalDailyBps: number;
    effectiveMonthlyBps: number;
    lateMonthlyBps: number;
    totalCostShareBps: number;
  } | null;
  /** The lender's own limits, for a loan outside every regime. */
  lenderLimits: LenderLimits | null;
}

export function buildDisclosure(input: {
  principal: Centavos;
  disbursalDate: IsoDate;
  terms: LoanTerms;
  installments: readonly ScheduledInstallment[];
}): TilaDisclosure {
  const { principal, disbursalDate, terms, installments } = input;
  const serviceFee = terms.serviceFee;
  const netProceeds = principal - serviceFee;
  const interest = sumCentavos(installments.map((row) => row.interest));
  const schedule = installments.map((row) => ({
    period: row.period,
    dueDate: row.dueDate,
    amount: row.principal + row.interest,
  }));
  const flows: CashFlow[] = [
    { day: 0, amount: -netProceeds },
    ...schedule.map((row) => ({ day: daysBetween(disbursalDate, row.dueDate), amount: row.amount })),
  ];
  const monthly = monthlyIrr(flows);
  const regime = regimeOfTerms(terms);
  return {
    principal,
    amountFinanced: netProceeds,
    netProceeds,
    financeCharges: [
      { kind: 'interest', amount: interest },
      { kind: 'service-fee', amount: serviceFee },
    ],
    totalFinanceCharge: interest + serviceFee,
    totalOfPayments: sumCentavos(schedule.map((row) => row.amount)),
    schedule,
    effectiveRate: {
      monthlyBps: toBps(monthly),
      compoundedAnnualBps: toBps((1 + monthly) ** 12 - 1),
      monthlyTimes12Bps: toBps(monthly * 12),
    },
    defaultCharge: { new: terms.defaultChargeNew, repeat: terms.defaultChargeRepeat },
    penaltyTiers: terms.penaltyTiers.map((tier, i) => {
      const next = terms.penaltyTiers[i + 1];
      return { fromDay: tier.fromDay, toDay: next ? next.fromDay - 1 : null, monthlyBps: tier.monthlyBps };
    }),
    extension: {
      allowed: terms.extensionAllowed,
      feeBps: terms.extensionFeeBps,
      maxExtensions: terms.extensionAllowed ? (terms.limits?.maxRollovers ?? null) : 0,
    },
    prepayment: {
      // prepaymentOpensOn reads only the terms and the disbursal date of the loan it is given.
      opensOn: prepaymentOpensOn({ terms, disbursalDate } as LoanState),
      ...terms.prepayment,
      rebate: 'unearned-interest',
    },
    ceiling: regime && {
      regime: regime.id,
      source: regime.source,
      nominalDailyBps: regime.nominalDailyBps,
      effectiveMonthlyBps: regime.effectiveMonthlyBps,
      lateMonthlyBps: regime.lateMonthlyBps,
      totalCostShareBps: regime.totalCostShareBps,
    },
    lenderLimits: terms.limits ? { ...terms.limits } : null,
  };
}
