import { formatDate } from '../../../../shared/format/date';
import type { ExportName, ExportRequest } from '../../../../shared/contracts/back-office-exports';
import type { Db } from '../../../db/client';
import type { IsoDate } from '../../../domain/loan';
import {
  accountOf,
  journalBatches,
  loanTapeBatches,
  paymentBatches,
  payoutBatches,
  trialBalanceOver,
} from '../../../money';
import type { CsvRow } from './csv';

const at = (time: Date | null): string | null => (time ? formatDate(time, true) : null);
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** An allocation's part, zero when the payment paid nothing there. */
const part = (allocation: Record<string, number>, key: string) => allocation[key] ?? 0;

/** The rows of an export as CSV rows, a batch at a time: money stays integer centavos until the cell. */
export async function* exportRows(db: Db, request: ExportRequest, today: IsoDate): AsyncGenerator<CsvRow[]> {
  const range = { from: request.from, to: request.to };
  const name: ExportName = request.export;
  if (name === 'loans') {
    for await (const batch of loanTapeBatches(db, range, today))
      yield batch.map((loan) => ({ ...loan, writtenOff: yesNo(loan.writtenOff) }));
  } else if (name === 'payments') {
    for await (const batch of paymentBatches(db, range))
      yield batch.map(({ allocation, ...p }) => ({
        ...p,
        principal: part(allocation, 'principal'),
        interest: part(allocation, 'interest'),
        fees: part(allocation, 'fees'),
        penalties: part(allocation, 'penalties'),
        otherCharges: part(allocation, 'legalCharges') + part(allocation, 'enforcementCosts'),
        extension: yesNo(allocation.extended === 1),
        credit: part(allocation, 'credit'),
        postedAt: at(p.postedAt),
        reversedAt: at(p.reversedAt),
      }));
  } else if (name === 'payouts') {
    for await (const batch of payoutBatches(db, range))
      yield batch.map((p) => ({
        ...p,
        requestedAt: at(p.requestedAt),
        approvedAt: at(p.approvedAt),
        completedAt: at(p.completedAt),
      }));
  } else if (name === 'journal') {
    for await (const batch of journalBatches(db, range))
      yield batch.map((line) => ({
        ...line,
        accountLabel: accountOf(line.account, line.debit - line.credit).label,
        bookedAt: at(line.bookedAt),
      }));
  } else {
    yield (await trialBalanceOver(db, range)).map((row) => ({ ...row }));
  }
}
