import { randomUUID } from 'node:crypto';
import {
  AFTER_MATURITY_ORDER,
  type Allocation,
  type Bucket,
  balancesOf,
  collectedOf,
  type EarnedIncome,
  earnedIncome,
  type WriteOff,
  type IsoDate,
  type LoanState,
} from '../../domain/loan';

/** One ledger line; exactly one of debit and credit is non-zero. */
export interface JournalLine {
  account: string;
  debit: number;
  credit: number;
  memo: string;
}

export interface Journal {
  journalId: string;
  /** The date asked for; it is posted on the open business date (`postingDateOf`) and kept as the value date. */
  businessDate: IsoDate;
  lines: JournalLine[];
}

/** The receivable account of each balance bucket, and where its billing is booked. */
export const receivable: Record<Bucket, string> = {
  principal: 'principal_receivable',
  interest: 'interest_receivable',
  fees: 'fees_receivable',
  penalties: 'penalties_receivable',
  legalCharges: 'legal_charges_receivable',
  enforcementCosts: 'enforcement_costs_receivable',
};
/**
 * Where each bucket's billing is booked. Interest, fees and penalties are billed into unearned
 * (deferred) income and recognised as income only as they are earned (`recognitionLines`); legal
 * charges and enforcement costs recover costs already spent and are income when billed. A change
 * of principal without cash (a prepayment moving interest paid ahead) is booked against unearned
 * interest.
 */
const billedTo: Record<Bucket, string> = {
  principal: 'unearned_interest',
  interest: 'unearned_interest',
  fees: 'unearned_fees',
  penalties: 'unearned_penalties',
  legalCharges: 'legal_charges_income',
  enforcementCosts: 'enforcement_costs_income',
};

/** Each kind of earned income: the deferred account it leaves and the income account it reaches. */
export const RECOGNISED: Record<keyof EarnedIncome, { unearned: string; income: string }> = {
  interest: { unearned: 'unearned_interest', income: 'interest_income' },
  fees: { unearned: 'unearned_fees', income: 'fee_income' },
  penalties: { unearned: 'unearned_penalties', income: 'penalty_income' },
};
const RECOGNISED_KINDS = Object.keys(RECOGNISED) as (keyof EarnedIncome)[];
export const CREDIT_ACCOUNT = 'borrower_credit';
/**
 * Clearing for credit applied from one loan to another of the same borrower: the settled loan
 * credits it as its credit goes down, the running loan debits it instead of cash as the credit
 * pays it. Both are booked in one transaction, so across loans it is always zero.
 */
export const CREDIT_TRANSFERS_ACCOUNT = 'credit_transfers';

function pair(lines: JournalLine[], debitAccount: string, creditAccount: string, amount: number, memo: string): void {
  if (amount === 0) return;
  if (amount < 0) {
    pair(lines, creditAccount, debitAccount, -amount, memo);
    return;
  }
  lines.push({ account: debitAccount, debit: amount, credit: 0, memo });
  lines.push({ account: creditAccount, debit: 0, credit: amount, memo });
}

/**
 * Disbursal: the principal goes out as net proceeds plus the withheld service fee; the scheduled
 * interest is billed. Neither the fee nor the interest is income yet: both are earned over the
 * loan's life.
 */
export function disbursalJournal(state: LoanState, netProceeds: number, businessDate: IsoDate): Journal {
  const lines: JournalLine[] = [];
  const fee = state.amount - netProceeds;
  lines.push({ account: receivable.principal, debit: state.amount, credit: 0, memo: 'disbursal' });
  lines.push({ account: 'cash_disbursed', debit: 0, credit: netProceeds, memo: 'disbursal: net proceeds' });
  if (fee > 0)
    lines.push({ account: billedTo.fees, debit: 0, credit: fee, memo: 'disbursal: service fee withheld, unearned' });
  pair(
    lines,
    receivable.interest,
    billedTo.interest,
    balancesOf(state).interest,
    'disbursal: scheduled interest, unearned',
  );
  return { journalId: randomUUID(), businessDate, lines };
}

/**
 * Any change of a running loan: the cash received (if any) against what it paid off, and every
 * other movement of a balance (accrued penalties, extension fees, rebates) as billing against
 * income. Built from the engine's states, so the receivable accounts always equal its balances.
 */
export function changeJournal(
  before: LoanState,
  after: LoanState,
  businessDate: IsoDate,
  memo: string,
  payment?: { amount: number; allocation: Allocation; source?: 'cash' | 'credit' | undefined },
): Journal {
  const lines: JournalLine[] = [];
  const b0 = balancesOf(before);
  const b1 = balancesOf(after);
  let paidCredit = 0;
  if (payment) {
    const received = payment.source === 'credit' ? CREDIT_TRANSFERS_ACCOUNT : 'cash_collections';
    lines.push({ account: received, debit: payment.amount, credit: 0, memo });
    for (const bucket of AFTER_MATURITY_ORDER) {
      const part = payment.allocation.applied[bucket];
      if (part > 0) lines.push({ account: receivable[bucket], debit: 0, credit: part, memo: `${memo}: ${bucket}` });
    }
    paidCredit = payment.allocation.credit;
    if (paidCredit > 0)
      lines.push({ account: CREDIT_ACCOUNT, debit: 0, credit: paidCredit, memo: `${memo}: overpayment` });
  }
  for (const bucket of AFTER_MATURITY_ORDER) {
    const applied = payment?.allocation.applied[bucket] ?? 0;
    pair(lines, receivable[bucket], billedTo[bucket], b1[bucket] - (b0[bucket] - applied), `${memo}: ${bucket} billed`);
  }
  const movedToCredit = after.credit - before.credit - paidCredit;
  pair(lines, billedTo.interest, CREDIT_ACCOUNT, movedToCredit, `${memo}: unearned interest returned as credit`);
  return { journalId: randomUUID(), businessDate, lines };
}

/**
 * Recognition: moves what became earned from unearned to income, given what each income account
 * already holds for the loan (`booked`, debits minus credits as `netByAccount` gives them). A
 * negative difference (a reversal that un-earns income) books back the other way.
 */
export function recognitionLines(
  booked: ReadonlyMap<string, number>,
  earned: EarnedIncome,
  memo: string,
): JournalLine[] {
  const lines: JournalLine[] = [];
  for (const kind of RECOGNISED_KINDS) {
    const { unearned, income } = RECOGNISED[kind];
    pair(lines, unearned, income, earned[kind] + (booked.get(income) ?? 0), `${memo}: ${kind} earned`);
  }
  return lines;
}

/** What a set of journals leaves on each account: debits minus credits. */
export function netByAccount(lines: readonly JournalLine[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const line of lines) net.set(line.account, (net.get(line.account) ?? 0) + line.debit - line.credit);
  return net;
}

/**
 * The books a loan should have: its disbursal, every change a rebuild went through, in value-date
 * order, and the income earned by the last business date closed (`recognisedAsOf`). Comparing
 * them with what the ledger holds gives the adjustment to book.
 */
export function targetBooks(
  opening: LoanState,
  netProceeds: number,
  steps: readonly BookStep[],
  final: LoanState,
  recognisedAsOf: IsoDate | null,
  writeOff: WriteOff | null = null,
): Map<string, number> {
  const lines = [...disbursalJournal(opening, netProceeds, opening.disbursalDate).lines];
  let state = opening;
  for (const step of steps) {
    lines.push(...changeJournal(state, step.before, step.payment.valueDate, 'accrual').lines);
    lines.push(
      ...changeJournal(step.before, step.after, step.payment.valueDate, 'payment', {
        amount: step.payment.amount,
        allocation: step.allocation,
        source: step.payment.source,
      }).lines,
    );
    state = step.after;
  }
  lines.push(...changeJournal(state, final, final.late.through, 'accrual').lines);
  const earned = earnedIncome({ opening, netProceeds, state: final, asOf: recognisedAsOf, writeOff });
  lines.push(...recognitionLines(new Map(), earned, 'recognition'));
  if (writeOff) {
    const unearned = netByAccount(lines);
    lines.push(
      ...writeOffLines(
        writeOff,
        Math.max(0, collectedOf(final) - writeOff.collectedBefore),
        (account) => -(unearned.get(account) ?? 0),
      ),
    );
  }
  return netByAccount(lines);
}

export const WRITE_OFF_EXPENSE = 'write_off_expense';
export const WRITTEN_OFF = 'loans_written_off';
export const RECOVERIES = 'recoveries_income';
/** After the allowance, a recovery takes back unearned income in this order: suspense first. */
const RECOVERED_FROM_UNEARNED = [RECOGNISED.penalties.unearned, RECOGNISED.interest.unearned, RECOGNISED.fees.unearned];

/**
 * A write-off and what was recovered since. The carrying amount goes to expense against
 * `loans_written_off`, a contra-asset: the receivables stay as the engine's balances (the
 * borrower still owes them). Cash paid afterwards releases the allowance as recovery income, and
 * beyond it the unearned income still held for the loan.
 */
export function writeOffLines(
  writeOff: WriteOff,
  recovered: number,
  unearnedHeld: (account: string) => number,
): JournalLine[] {
  const lines: JournalLine[] = [];
  pair(lines, WRITE_OFF_EXPENSE, WRITTEN_OFF, writeOff.amount, `written off on ${writeOff.on}`);
  const released = Math.min(recovered, writeOff.amount);
  pair(lines, WRITTEN_OFF, RECOVERIES, released, 'recovery after write-off');
  let rest = recovered - released;
  for (const account of RECOVERED_FROM_UNEARNED) {
    const take = Math.min(rest, Math.max(0, unearnedHeld(account)));
    pair(lines, account, RECOVERIES, take, 'recovery after write-off: unearned income');
    rest -= take;
  }
  return lines;
}

export interface BookStep {
  payment: { valueDate: IsoDate; amount: number; source?: 'cash' | 'credit' };
  before: LoanState;
  after: LoanState;
  allocation: Allocation;
}

/**
 * The journal that moves the ledger from `current` to `target`, account by account. Both sides
 * balance, so the difference does too. A back-dated posting or a reversal is booked on the day it
 * is made (past days' books are closed), with its value date in the memo.
 */
export function adjustmentJournal(
  current: Map<string, number>,
  target: Map<string, number>,
  businessDate: IsoDate,
  memo: string,
): Journal {
  const lines: JournalLine[] = [];
  for (const account of new Set([...current.keys(), ...target.keys()])) {
    const diff = (target.get(account) ?? 0) - (current.get(account) ?? 0);
    if (diff > 0) lines.push({ account, debit: diff, credit: 0, memo });
    if (diff < 0) lines.push({ account, debit: 0, credit: -diff, memo });
  }
  return { journalId: randomUUID(), businessDate, lines };
}

export function isBalanced(journal: Journal): boolean {
  const debit = journal.lines.reduce((s, l) => s + l.debit, 0);
  const credit = journal.lines.reduce((s, l) => s + l.credit, 0);
  return debit === credit;
}
