import { addDays, type IsoDate } from './dates';
import { BPS, type Centavos, mulDivHalfUp } from './money';

export interface ScheduledInstallment {
  /** 1-based period number. */
  period: number;
  dueDate: IsoDate;
  principal: Centavos;
  interest: Centavos;
}

export interface ScheduleInput {
  amount: Centavos;
  periods: number;
  periodDays: number;
  dailyInterestBps: number;
  disbursalDate: IsoDate;
}

/**
 * Equal principal per period with the remainder centavos on the last one, and interest on the
 * declining balance: outstanding principal × daily rate × period days, half-up per period
 * (BSP Circular 730 requires interest on the balance outstanding at the start of each period).
 */
export function buildInstallments(input: ScheduleInput): ScheduledInstallment[] {
  const { amount, periods, periodDays, dailyInterestBps, disbursalDate } = input;
  const equalShare = Math.floor(amount / periods);
  const installments: ScheduledInstallment[] = [];
  let outstanding = amount;
  for (let period = 1; period <= periods; period++) {
    const principal = period === periods ? outstanding : equalShare;
    installments.push({
      period,
      dueDate: addDays(disbursalDate, period * periodDays),
      principal,
      interest: mulDivHalfUp(outstanding, dailyInterestBps * periodDays, BPS),
    });
    outstanding -= principal;
  }
  return installments;
}

/** A row of the loan confirmation's `repay_plans` (spec 001 §3), amount in centavos. */
export interface RepayPlanRow {
  title: string;
  amount: Centavos;
  description: string;
  pay_time: IsoDate;
}

export function toRepayPlans(installments: readonly ScheduledInstallment[]): RepayPlanRow[] {
  const count = installments.length;
  return installments.map((row) => ({
    title: `Period ${row.period}/${count}`,
    amount: row.principal + row.interest,
    description: `${row.period}/${count}`,
    pay_time: row.dueDate,
  }));
}
