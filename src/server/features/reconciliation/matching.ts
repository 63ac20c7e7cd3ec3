import type { FindingKind, Resolution } from '../../../shared/contracts/reconciliation';
import { formatMoney } from '../../../shared/format/money';
import type { payments, payouts } from '../../db/schema';
import type { ProviderTransaction } from '../../providers/payment/transactions';

type Payment = typeof payments.$inferSelect;
type Payout = typeof payouts.$inferSelect;

/** One mismatch as the matching finds it, before it is stored. */
export interface Found {
  kind: FindingKind;
  reference: string;
  orderId: number | null;
  providerAmount: number | null;
  ourAmount: number | null;
  transaction: ProviderTransaction | null;
  detail: string;
  /** A payout outcome the provider reported that our books have not taken yet: the run acts on it. */
  act?: { status: 'failed' | 'reversed'; payout: Payout } | undefined;
}

/** What a day holds on each side: the provider's transactions and ours. */
export interface DaySides {
  transactions: readonly ProviderTransaction[];
  /** Our postings of the provider's references listed, and every posting value-dated on the day. */
  paymentsByReference: ReadonlyMap<string, Payment>;
  postedOnDay: readonly Payment[];
  /** The order of each pay request listed (money we asked for). */
  requestOrderByReference: ReadonlyMap<string, number>;
  payoutsByReference: ReadonlyMap<string, Payout>;
  /** Our payouts the provider completed (succeeded) on the day. */
  paidOutOnDay: readonly Payout[];
}

/** The resolutions a kind of finding can take. */
export const ACTIONS: Record<FindingKind, readonly Resolution[]> = {
  'paid-not-posted': ['post', 'explain'],
  'posted-not-paid': ['reverse', 'explain'],
  'amount-differs': ['reverse', 'explain'],
  'payout-not-recorded': ['post', 'explain'],
  'payout-not-paid': ['explain'],
  'payout-amount-differs': ['explain'],
  'payout-reversed': ['explain'],
  'unreadable-row': ['explain'],
};

/**
 * Matches a day's transactions to our postings and payouts by reference and amount. Pending
 * transactions are not yet anything. A reference the provider lists twice counts by its last word.
 */
export function match(sides: DaySides): { matched: number; found: Found[] } {
  const found: Found[] = [];
  let matched = 0;
  const latest = new Map<string, ProviderTransaction>();
  for (const t of sides.transactions) if (t.status !== 'pending') latest.set(`${t.direction}:${t.reference}`, t);
  const listed = [...latest.values()];

  for (const t of listed.filter((x) => x.direction === 'in')) {
    const posted = sides.paymentsByReference.get(t.reference);
    const live = posted?.status === 'posted' ? posted : undefined;
    const orderId = posted?.orderId ?? sides.requestOrderByReference.get(t.reference) ?? null;
    const base = { reference: t.reference, orderId, providerAmount: t.amount, transaction: t };
    if (t.status === 'succeeded') {
      if (!live) {
        found.push({
          ...base,
          kind: 'paid-not-posted',
          ourAmount: null,
          detail: `Paid at the provider (${formatMoney(t.amount)}) but not posted${posted ? ' (our posting was reversed)' : ''}`,
        });
      } else if (live.amount !== t.amount) {
        found.push({
          ...base,
          kind: 'amount-differs',
          ourAmount: live.amount,
          detail: `The provider took ${formatMoney(t.amount)}; we posted ${formatMoney(live.amount)}`,
        });
      } else matched += 1;
    } else if (live) {
      found.push({
        ...base,
        kind: 'posted-not-paid',
        ourAmount: live.amount,
        detail: `Posted, but the provider reports it ${t.status}`,
      });
    } else matched += 1;
  }
  for (const p of sides.postedOnDay) {
    if (p.status !== 'posted' || latest.has(`in:${p.reference}`)) continue;
    found.push({
      kind: 'posted-not-paid',
      reference: p.reference,
      orderId: p.orderId,
      providerAmount: null,
      ourAmount: p.amount,
      transaction: null,
      detail: `Posted ${formatMoney(p.amount)} paid on ${p.valueDate}, but the provider lists no such payment that day`,
    });
  }

  for (const t of listed.filter((x) => x.direction === 'out')) {
    const payout = sides.payoutsByReference.get(t.reference);
    const base = {
      reference: t.reference,
      orderId: payout?.orderId ?? null,
      providerAmount: t.amount,
      ourAmount: payout?.amount ?? null,
      transaction: t,
    };
    if (!payout) {
      if (t.status === 'succeeded')
        found.push({
          ...base,
          kind: 'payout-not-recorded',
          detail: `Paid out ${formatMoney(t.amount)} at the provider under a reference we have no payout for`,
        });
      continue;
    }
    if (t.status === 'succeeded') {
      if (payout.status === 'succeeded') {
        if (payout.amount === t.amount) matched += 1;
        else
          found.push({
            ...base,
            kind: 'payout-amount-differs',
            detail: `The provider sent ${formatMoney(t.amount)}; we approved ${formatMoney(payout.amount)}`,
          });
      } else if (payout.status === 'reversed') matched += 1;
      else
        found.push({
          ...base,
          kind: 'payout-not-recorded',
          detail: `Paid out at the provider, but our payout is ${payout.status}`,
        });
      continue;
    }
    // Failed or reversed at the provider.
    if (payout.status === 'succeeded') {
      found.push({
        ...base,
        kind: 'payout-reversed',
        detail: `The provider reports the ${payout.kind} ${t.status} after it succeeded${t.reason ? ` (${t.reason})` : ''}`,
        act: { status: 'reversed', payout },
      });
    } else if (payout.status === 'reversed') {
      found.push({
        ...base,
        kind: 'payout-reversed',
        detail: `The ${payout.kind} was paid out and came back: ${payout.failureReason ?? 'reversed by the provider'}`,
      });
    } else if (payout.status === 'approved' || payout.status === 'accepted') {
      found.push({
        ...base,
        kind: 'payout-not-paid',
        detail: `The provider reports the ${payout.kind} failed; our payout was still ${payout.status}`,
        act: { status: 'failed', payout },
      });
    } else matched += 1;
  }
  for (const p of sides.paidOutOnDay) {
    if (latest.has(`out:${p.reference}`)) continue;
    found.push({
      kind: 'payout-not-paid',
      reference: p.reference,
      orderId: p.orderId,
      providerAmount: null,
      ourAmount: p.amount,
      transaction: null,
      detail: `Recorded as paid out (${p.kind}, ${formatMoney(p.amount)}), but the provider lists no such payout that day`,
    });
  }
  return { matched, found };
}
