import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus } from '../../../shared/order-status';
import {
  type ExtensionRefusal,
  firstUnpaidIndex,
  type IsoDate,
  type LoanState,
  postExtension,
  quoteExtension,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { dueDateOf, REPAYMENT_WINDOW_DAYS, statusFor } from '../loans/order-status';
import { amountDueNow } from '../loans/repayable';
import { validThroughOf } from './honoured';

/** One unpaid installment of the loan as it will stand once the extension is paid. */
export interface RenewalInstallment {
  dueDate: IsoDate;
  /** Still to pay on this installment: its principal and interest less what is already paid. */
  amount: number;
  principal: number;
  interest: number;
}

/**
 * The renewal the delay page shows and the pay request stores (spec 001 §2.9): what the borrower
 * pays now, what it buys, and the schedule after it. `validThrough` is the last Manila day on
 * which a payment of `delayAmount` still extends the loan at this price (the day after the quote).
 */
export interface ExtensionOffer {
  quotedOn: IsoDate;
  validThrough: IsoDate;
  delayAmount: number;
  interestDue: number;
  penaltiesDue: number;
  feesDue: number;
  extensionFee: number;
  extensionInterest: number;
  periodDays: number;
  nextDueDate: IsoDate;
  /** The real next installment after extending: on a multi-installment loan one installment, not the loan. */
  nextInstallment: number;
  schedule: RenewalInstallment[];
}

function refusal(reason: ExtensionRefusal | 'not-due', state: LoanState): AppError {
  const due = dueDateOf(state);
  const messages: Record<typeof reason, string> = {
    'not-due': `An extension opens ${REPAYMENT_WINDOW_DAYS} days before your due date${due ? ` (${due})` : ''}; until then there is nothing to extend`,
    'not-allowed': 'This loan’s product does not offer extensions; please pay the amount due instead',
    settled: 'This loan is fully paid; there is nothing to extend',
    'nothing-to-extend': 'This loan has no installment left to extend',
    'rollover-limit': 'This loan has had as many extensions as we allow; please pay the amount due instead',
  };
  return new AppError(Code.EXTENSION_NOT_OFFERED, messages[reason], { reason });
}

/** The unpaid installments of a loan with what is left to pay on each. */
export function scheduleOf(state: LoanState): RenewalInstallment[] {
  let paid = state.paid.principal + state.paid.interest;
  const rows: RenewalInstallment[] = [];
  for (const row of state.installments.slice(Math.max(0, firstUnpaidIndex(state)))) {
    const total = row.principal + row.interest;
    const covered = Math.min(paid, total);
    paid -= covered;
    if (total - covered > 0)
      rows.push({ dueDate: row.dueDate, amount: total - covered, principal: row.principal, interest: row.interest });
  }
  return rows;
}

/**
 * spec 001 §2.9, §9: the extension offered on `today`, only while the loan is due or overdue
 * (174, 180: the repayment window or later). Anywhere else it is refused with a reason the
 * borrower can read. `state` is the loan accrued to `today`.
 */
export function extensionOffer(state: LoanState, today: IsoDate): ExtensionOffer {
  const status = statusFor(state, today);
  if (status !== OrderStatus.DUE && status !== OrderStatus.OVERDUE) {
    throw refusal(status === OrderStatus.SETTLED ? 'settled' : 'not-due', state);
  }
  const quote = quoteExtension(state, today);
  if (!quote.allowed) throw refusal(quote.reason, state);
  // The schedule after paying it today: the engine's own posting, so the page shows what will be.
  const after = postExtension(state, quote.delayAmount, today);
  if (!after.ok) throw refusal('nothing-to-extend', state);
  const { delayAmount, interestDue, penaltiesDue, feesDue, extensionFee, extensionInterest, nextDueDate } = quote;
  return {
    quotedOn: today,
    validThrough: validThroughOf(today),
    delayAmount,
    interestDue,
    penaltiesDue,
    feesDue,
    extensionFee,
    extensionInterest,
    periodDays: state.terms.periodDays,
    nextDueDate,
    nextInstallment: amountDueNow(after.state),
    schedule: scheduleOf(after.state),
  };
}

export const wrongDelayAmount = (offer: ExtensionOffer) =>
  new AppError(Code.BAD_REQUEST, `The extension costs ${formatMoney(offer.delayAmount)}; please refresh the page`, {
    field: 'amount',
  });
