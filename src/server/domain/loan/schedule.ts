import { addDays, type IsoDate } from './dates';
import { BPS, type Centavos, mulDivDown, mulDivHalfUp } from './money';

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
  /** Half-up by default; 'down' under a ceiling regime, so rounding never takes interest above its nominal ceiling. */
  rounding?: 'half-up' | 'down';
}

/**
 * Equal principal per period with the remainder centavos on the last one, and interest on the
 * declining balance: outstanding principal × daily rate × period days, half-up per period
 * (BSP Circular 730 requires interest on the balance outstanding at the start of each period).
 * Under a ceiling regime interest is rounded down instead (`rounding: 'down'`).
 */
export function buildInstallments(input: ScheduleInput): ScheduledInstallment[] {
  const { amount, periods, periodDays, dailyInterestBps, disbursalDate } = input;
  const round = input.rounding === 'down' ? mulDivDown : mulDivHalfUp;
  const equalShare = Math.floor(amount / periods);
  const installments: ScheduledInstallment[] = [];
  let outstanding = amount;
  for (let period = 1; period <= periods; period++) {
    const principal = period === periods ? outstanding : equalShare;
    installments.push({
      period,
      dueDate: addDays(disbursalDate, period * periodDays),
      principal,
      interest: round(outstanding, dailyInterestBps * periodDays, BPS),
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
