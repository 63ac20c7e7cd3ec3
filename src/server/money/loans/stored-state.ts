import { z } from 'zod';
import { deepFreeze } from '../../../shared/deep-freeze';
import { keptByKey } from '../../../shared/kept-by-key';
import { type LoanState, lateDueDaysOf, REGIMES, type RegimeId, regimeOfTerms } from '../../domain/loan';

/**
 * A disbursed loan's engine state as kept in `loan_orders.loan_state`. The JSON carries a
 * `version` beside the state's own fields (flat, so SQL that reads `loan_state->'paid'` or
 * `->'late'->>'through'` keeps working). The version lives only in storage, not on `LoanState`:
 * the engine stays plain data, and a version is a storage concern the engine never branches on.
 *
 * Versions:
 * - 0: no `version` field, as stored before it was kept. `extensions` and `late.dueDays` may be
 *   missing, and terms written before the regime table carry `bsp1133` instead of `ceiling` and no
 *   `limits`. Read on as the engine's helpers read them (`extensionsOf`, `lateDueDaysOf`,
 *   `regimeOfTerms`, `limitsOf`), so an upgraded loan behaves exactly as before.
 * - 1: every field the engine fills is present; only `late.defaultCharge` may be missing (older
 *   loans did not book it, and the engine falls back to the terms' charge by design).
 */
export const LOAN_STATE_VERSION = 1;

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
const regimeIds = REGIMES.map((regime) => regime.id) as [RegimeId, ...RegimeId[]];

const limits = z.object({
  maxDailyInterestBps: int,
  maxServiceFeeBps: int,
  maxTotalCostBps: int,
  maxRollovers: int,
  maxDefaultChargeShareBps: int,
});

/** A loan's terms as stored, before and after the regime table (also the accepted quote's). */
export const termsV0 = z.object({
  termDays: int,
  periods: int,
  periodDays: int,
  dailyInterestBps: int,
  serviceFee: int,
  extensionFeeBps: int,
  extensionAllowed: z.boolean(),
  defaultChargeNew: int,
  defaultChargeRepeat: int,
  penaltyTiers: z.array(z.object({ fromDay: int, monthlyBps: int })).readonly(),
  prepayment: z.object({ minDaysAfterDisbursal: int, minTermShareBps: int }),
  ceiling: z.enum(regimeIds).nullable().optional(),
  limits: limits.nullable().optional(),
  bsp1133: z.boolean().optional(),
});

const lateV0 = z.object({
  through: isoDate,
  defaultCharged: z.boolean(),
  uncapped: int,
  dueDays: z.number().optional(),
  room: int,
  defaultCharge: int.optional(),
  charged: int,
});

const stateFields = {
  amount: int,
  disbursalDate: isoDate,
  borrower: z.enum(['new', 'repeat']),
  installments: z.array(
    z.object({
      period: int,
      dueDate: isoDate,
      principal: int,
      interest: int,
      startDate: isoDate,
      interestEarnedAtStart: int,
    }),
  ),
  paid: z.object({ principal: int, interest: int }),
  owed: z.object({ legalCharges: int, enforcementCosts: int, penalties: int, fees: int }),
  charged: z.object({ serviceFee: int, fees: int, legalCharges: int, enforcementCosts: int }),
  credit: int,
};

const stateV0 = z.object({
  ...stateFields,
  terms: termsV0,
  late: lateV0,
  extensions: int.optional(),
});

const stateV1 = z.object({
  ...stateFields,
  version: z.literal(1),
  terms: termsV0.omit({ bsp1133: true }).extend({ ceiling: z.enum(regimeIds).nullable(), limits: limits.nullable() }),
  late: lateV0.extend({ dueDays: z.number() }),
  extensions: int,
});

/** What `loan_state` holds from now on: the state at the current version. */
export type StoredLoanState = z.infer<typeof stateV1>;

/**
 * Fills what version 0 may leave out with what the engine's helpers read in its place: the regime
 * `regimeOfTerms` reads from `bsp1133`, the limits `limitsOf` reads (null), the extensions
 * `extensionsOf` reads (0) and the centavo-days `lateDueDaysOf` derives from the room. On a
 * complete state it changes nothing.
 */
function filled(state: z.infer<typeof stateV0> | LoanState): StoredLoanState {
  const { bsp1133: _legacy, ...terms } = state.terms;
  const regime = regimeOfTerms(state.terms);
  return {
    ...state,
    version: LOAN_STATE_VERSION,
    terms: { ...terms, ceiling: regime?.id ?? null, limits: state.terms.limits ?? null },
    late: { ...state.late, dueDays: lateDueDaysOf(state.late, regime) },
    extensions: state.extensions ?? 0,
  };
}

/** The stored state minus its version: a `LoanState` the engine can use as it is. */
function toLoanState({ version: _version, ...state }: StoredLoanState): LoanState {
  return state;
}

/** The order a state belongs to, named in an error: its id, or the order itself. */
export type OrderRef = number | { id: number; orderNo?: string | null };

/** A stored loan state that fails its schema: a bug or a hand edit, never a state to compute on. */
export class StoredStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoredStateError';
  }
}

/**
 * Reads `loan_state` JSON as the engine's `LoanState`, checking it against the schema of its
 * version and upgrading an older version on the way. Throws `StoredStateError` naming the order
 * (when given) and each field that is wrong.
 */
export function readLoanState(json: unknown, order?: OrderRef): LoanState {
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  if (version === LOAN_STATE_VERSION) return toLoanState(checked(stateV1, json, order));
  if (version === undefined) return toLoanState(filled(checked(stateV0, json, order)));
  throw new StoredStateError(`${whose(order)} has a loan state of unknown version ${JSON.stringify(version)}`);
}

/** How many parsed states `readStoredLoanState` keeps (a few MB at most: each is a loan's JSON). */
export const PARSED_STATES_KEPT = 500;
const parsedByText = keptByKey<LoanState>(PARSED_STATES_KEPT);

/**
 * `readLoanState` of `loan_state` as PostgreSQL prints it (`loan_state::text`), remembered by that
 * text: a hot read of an unchanged loan skips the JSON parse and the schema check. The text is the
 * whole stored state, so a write that changes anything is a different key and can never be
 * answered from an older parse. The state returned is deeply frozen, as it is shared between
 * readers: the engine returns new states and never changes one in place. The oldest entry goes
 * first when full; a state that fails its schema is never kept.
 */
export function readStoredLoanState(text: string, order?: OrderRef): LoanState {
  const kept = parsedByText.get(text);
  if (kept) return kept;
  return parsedByText.keep(text, deepFreeze(readLoanState(JSON.parse(text), order)));
}

/** How many parsed states are kept now (for tests). */
export const parsedStatesKept = (): number => parsedByText.size;

/** Reads `loan_state` that may be empty (an order not disbursed yet): null then. */
export function readLoanStateOrNull(json: unknown, order?: OrderRef): LoanState | null {
  return json === null || json === undefined ? null : readLoanState(json, order);
}

/**
 * What every write of `loan_state` stores: the state at the current version. Gaps of version 0 a
 * state may still carry (built by hand, or from an older state by spreading) are filled as on
 * read, so what is written always reads back under the current schema.
 */
export function storedLoanState(state: LoanState): StoredLoanState {
  return filled(state);
}

function checked<T extends z.ZodType>(schema: T, json: unknown, order: OrderRef | undefined): z.output<T> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(state)'}: ${issue.message}`)
    .join('; ');
  throw new StoredStateError(`${whose(order)} has a malformed loan state: ${problems}`);
}

/** How an error names the order: its number when known, else its id. */
export function whose(order: OrderRef | undefined): string {
  if (order === undefined) return 'A loan';
  if (typeof order === 'number') return `Order ${order}`;
  return order.orderNo ? `Order ${order.orderNo}` : `Order ${order.id}`;
}
