import { daysBetween, type IsoDate } from './dates';
import { type CashFlow, monthlyIrr, toBps } from './irr';
import { type Centavos, sumCentavos } from './money';
import type { ScheduledInstallment } from './schedule';

export type FinanceChargeKind = 'interest' | 'service-fee';

/** The Truth in Lending disclosure (R.A. 3765, BSP Circular 730) shown before the borrower submits. */
export interface TilaDisclosure {
  principal: Centavos;
  /** What the borrower actually receives: the principal less charges deducted at disbursal. */
  amountFinanced: Centavos;
  netProceeds: Centavos;
  financeCharges: { kind: FinanceChargeKind; amount: Centavos }[];
  totalFinanceCharge: Centavos;
  totalOfPayments: Centavos;
  schedule: { period: number; dueDate: IsoDate; amount: Centavos }[];
  /** IRR of the cash flows: proceeds out on the disbursal day, installments in on their due days. */
  effectiveRate: { monthlyBps: number; annualBps: number };
}

export function buildDisclosure(input: {
  principal: Centavos;
  serviceFee: Centavos;
  disbursalDate: IsoDate;
  installments: readonly ScheduledInstallment[];
}): TilaDisclosure {
  const { principal, serviceFee, disbursalDate, installments } = input;
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
    // Annual = monthly × 12, the nominal yearly figure a borrower compares with a "per annum" rate.
    effectiveRate: { monthlyBps: toBps(monthly), annualBps: toBps(monthly * 12) },
  };
}
