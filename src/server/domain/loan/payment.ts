import { type Allocation, allocatePayment } from './allocation';
import { daysBetween, type IsoDate } from './dates';
import { amountPastDue, balancesOf, costRoom, isAfterMaturity, type LoanState } from './loan-state';
import { assertCentavos, type Centavos } from './money';
import { accruePenaltiesTo } from './penalties';

export interface Posting {
  state: LoanState;
  allocation: Allocation;
}

/** Writes an allocation into the loan: balances go down by what was applied, credit goes up. */
export function applyAllocation(state: LoanState, allocation: Allocation): LoanState {
  const { applied } = allocation;
  return {
    ...state,
    paid: { principal: state.paid.principal + applied.principal, interest: state.paid.interest + applied.interest },
    owed: {
      legalCharges: state.owed.legalCharges - applied.legalCharges,
      enforcementCosts: state.owed.enforcementCosts - applied.enforcementCosts,
      penalties: state.owed.penalties - applied.penalties,
      fees: state.owed.fees - applied.fees,
    },
    credit: state.credit + allocation.credit,
  };
}

function assertNotBeforeDisbursal(state: LoanState, asOf: IsoDate): void {
  if (daysBetween(state.disbursalDate, asOf) < 0) throw new RangeError(`${asOf} is before disbursal`);
}

/**
 * Posts a payment received on `asOf`: penalties are first accrued to that day, then the payment
 * is spread in the order of spec 001 §9. Post payments in date order; a payment dated before
 * the last accrued day does not take back penalties already booked.
 */
export function postPayment(state: LoanState, payment: Centavos, asOf: IsoDate): Posting {
  assertCentavos(payment, 'payment');
  assertNotBeforeDisbursal(state, asOf);
  const accrued = accruePenaltiesTo(state, asOf);
  const phase = isAfterMaturity(accrued, asOf) ? 'after-maturity' : 'before-maturity';
  const allocation = allocatePayment(balancesOf(accrued), payment, phase);
  return { state: applyAllocation(accrued, allocation), allocation };
}

export type ChargeKind = 'legalCharges' | 'enforcementCosts';
export type ChargeResult =
  | { ok: true; state: LoanState; charged: Centavos; cappedBy: 'total-cost' | null }
  | { ok: false; reason: 'not-in-default' };

/**
 * Adds a legal charge or an enforcement cost (spec 001 §9 "default"). Only a loan with something
 * past due can incur one; it is cut to what the total-cost ceiling (regime or lender limit) leaves.
 */
export function addCharge(state: LoanState, kind: ChargeKind, amount: Centavos, asOf: IsoDate): ChargeResult {
  assertCentavos(amount, kind);
  assertNotBeforeDisbursal(state, asOf);
  const accrued = accruePenaltiesTo(state, asOf);
  if (amountPastDue(accrued, asOf) === 0) return { ok: false, reason: 'not-in-default' };
  const room = costRoom(accrued) ?? amount;
  const charged = Math.min(amount, room);
  return {
    ok: true,
    charged,
    cappedBy: charged < amount ? 'total-cost' : null,
    state: {
      ...accrued,
      owed: { ...accrued.owed, [kind]: accrued.owed[kind] + charged },
      charged: { ...accrued.charged, [kind]: accrued.charged[kind] + charged },
    },
  };
}
