import { describe, expect, it } from 'vitest';
import { accruePenaltiesTo, extensionsOf, type LoanState, lateDueDaysOf, limitsOf, regimeOf } from '../../domain/loan';
import { makeLoan } from '../../domain/loan/test-support';
import {
  LOAN_STATE_VERSION,
  PARSED_STATES_KEPT,
  parsedStatesKept,
  readLoanState,
  readStoredLoanState,
  StoredStateError,
  storedLoanState,
} from './stored-state';

const TIERS = [
  { fromDay: 1, monthlyBps: 500 },
  { fromDay: 31, monthlyBps: 400 },
  { fromDay: 91, monthlyBps: 200 },
];

/** Version 0 as stored before regimes: `bsp1133` and no `ceiling`, no limits, no extension count, no centavo-days. */
const V0_BEFORE_REGIMES = {
  amount: 500_000,
  disbursalDate: '2025-01-01',
  borrower: 'new',
  terms: {
    termDays: 91,
    periods: 1,
    periodDays: 91,
    dailyInterestBps: 15,
    serviceFee: 15_000,
    extensionFeeBps: 200,
    extensionAllowed: true,
    defaultChargeNew: 100_000,
    defaultChargeRepeat: 80_000,
    penaltyTiers: TIERS,
    prepayment: { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 },
    bsp1133: true,
  },
  installments: [
    {
      period: 1,
      dueDate: '2025-04-02',
      principal: 500_000,
      interest: 68_250,
      startDate: '2025-01-01',
      interestEarnedAtStart: 0,
    },
  ],
  paid: { principal: 0, interest: 0 },
  owed: { legalCharges: 0, enforcementCosts: 0, penalties: 9_470, fees: 0 },
  charged: { serviceFee: 15_000, fees: 0, legalCharges: 0, enforcementCosts: 0 },
  late: { through: '2025-04-12', defaultCharged: true, uncapped: 101_895, room: 9_470, charged: 9_470 },
  credit: 0,
};

/** Version 0 as stored after regimes and limits, with every optional field present. */
const V0_COMPLETE = {
  amount: 500_000,
  disbursalDate: '2025-01-01',
  borrower: 'repeat',
  terms: {
    termDays: 180,
    periods: 1,
    periodDays: 180,
    dailyInterestBps: 15,
    serviceFee: 15_000,
    extensionFeeBps: 200,
    extensionAllowed: true,
    defaultChargeNew: 100_000,
    defaultChargeRepeat: 80_000,
    penaltyTiers: TIERS,
    prepayment: { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 },
    ceiling: null,
    limits: {
      maxDailyInterestBps: 1_000,
      maxServiceFeeBps: 10_000,
      maxTotalCostBps: 1_000_000,
      maxRollovers: 1_000,
      maxDefaultChargeShareBps: 1_000_000,
    },
  },
  installments: [
    {
      period: 1,
      dueDate: '2025-06-30',
      principal: 500_000,
      interest: 135_000,
      startDate: '2025-01-01',
      interestEarnedAtStart: 0,
    },
  ],
  paid: { principal: 0, interest: 0 },
  owed: { legalCharges: 0, enforcementCosts: 0, penalties: 81_058, fees: 0 },
  charged: { serviceFee: 15_000, fees: 0, legalCharges: 0, enforcementCosts: 0 },
  late: {
    through: '2025-07-01',
    defaultCharged: true,
    uncapped: 81_058,
    dueDays: 0,
    room: 0,
    defaultCharge: 80_000,
    charged: 81_058,
  },
  credit: 0,
  extensions: 1,
};

/** Version 1: the current shape, under a regime, with two installments and a payment. */
const V1 = {
  version: 1,
  amount: 300_000,
  disbursalDate: '2026-05-01',
  borrower: 'new',
  terms: {
    termDays: 60,
    periods: 2,
    periodDays: 30,
    dailyInterestBps: 15,
    serviceFee: 9_000,
    extensionFeeBps: 200,
    extensionAllowed: true,
    defaultChargeNew: 100_000,
    defaultChargeRepeat: 80_000,
    penaltyTiers: TIERS,
    prepayment: { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 },
    ceiling: 'sec-mc-14-2025',
    limits: null,
  },
  installments: [
    {
      period: 1,
      dueDate: '2026-05-31',
      principal: 150_000,
      interest: 13_500,
      startDate: '2026-05-01',
      interestEarnedAtStart: 0,
    },
    {
      period: 2,
      dueDate: '2026-06-30',
      principal: 150_000,
      interest: 6_750,
      startDate: '2026-05-31',
      interestEarnedAtStart: 0,
    },
  ],
  paid: { principal: 150_000, interest: 13_500 },
  owed: { legalCharges: 0, enforcementCosts: 0, penalties: 0, fees: 0 },
  charged: { serviceFee: 9_000, fees: 0, legalCharges: 0, enforcementCosts: 0 },
  late: { through: '2026-06-02', defaultCharged: false, uncapped: 0, dueDays: 0, room: 0, charged: 0 },
  credit: 250,
  extensions: 0,
};

describe('stored loan state', () => {
  it('reads version 0 from before regimes as the engine read it: BSP 1133, no limits, no extensions, centavo-days from the room', () => {
    const state = readLoanState(structuredClone(V0_BEFORE_REGIMES));
    const { bsp1133: _legacy, ...terms } = V0_BEFORE_REGIMES.terms;
    // Room 9,470 at 5% a month: 9,470 × 30 × 10,000 ÷ 500 centavo-days, as `lateDueDaysOf` derives them.
    const expected: LoanState = {
      ...(V0_BEFORE_REGIMES as Omit<LoanState, 'terms'>),
      terms: { ...terms, ceiling: 'bsp-1133', limits: null },
      late: { ...V0_BEFORE_REGIMES.late, dueDays: 5_682_000 },
      extensions: 0,
    };
    expect(state).toEqual(expected);
    const legacy = V0_BEFORE_REGIMES as unknown as LoanState; // the engine reading the raw JSON, as before
    expect(regimeOf(state)).toBe(regimeOf(legacy));
    expect(limitsOf(state)).toBe(limitsOf(legacy));
    expect(extensionsOf(state)).toBe(extensionsOf(legacy));
    expect(state.late.dueDays).toBe(lateDueDaysOf(legacy.late, regimeOf(legacy)));
    // And it accrues on exactly as the raw JSON did.
    const after = accruePenaltiesTo(state, '2025-05-01');
    const before = accruePenaltiesTo(structuredClone(legacy), '2025-05-01');
    expect({ owed: after.owed, late: after.late }).toEqual({ owed: before.owed, late: before.late });
  });

  it('reads version 0 with every optional field as it was, without a version', () => {
    const state = readLoanState(structuredClone(V0_COMPLETE));
    expect(state).toEqual(V0_COMPLETE);
    expect(state).not.toHaveProperty('version');
  });

  it('reads version 1 as the state it holds, without the version', () => {
    const { version: _version, ...expected } = V1;
    expect(readLoanState(structuredClone(V1))).toEqual(expected);
  });

  it('writes the current version, and what it writes reads back unchanged', () => {
    const state = accruePenaltiesTo(makeLoan({ minAmount: 500_000 }, { amount: 500_000 }), '2025-04-12');
    const stored = JSON.parse(JSON.stringify(storedLoanState(state)));
    expect(stored.version).toBe(LOAN_STATE_VERSION);
    expect(readLoanState(stored)).toEqual(state);
    // A version-0 state read and written again is stored at version 1 and reads back the same.
    const upgraded = readLoanState(structuredClone(V0_BEFORE_REGIMES));
    expect(readLoanState(JSON.parse(JSON.stringify(storedLoanState(upgraded))))).toEqual(upgraded);
  });

  it('refuses a malformed state, naming the order and the fields', () => {
    const bad = {
      ...structuredClone(V1),
      paid: { principal: '150000', interest: 13_500 },
      late: { through: 'yesterday' },
    };
    expect(() => readLoanState(bad, { id: 7, orderNo: 'HR-7' })).toThrow(StoredStateError);
    expect(() => readLoanState(bad, { id: 7, orderNo: 'HR-7' })).toThrow(
      /^Order HR-7 has a malformed loan state: .*paid\.principal: .*late\.through/,
    );
    expect(() => readLoanState(null, 12)).toThrow(/^Order 12 has a malformed loan state/);
    expect(() => readLoanState({ ...V1, version: 2 })).toThrow('A loan has a loan state of unknown version 2');
    // Version 1 leaves nothing out that version 0 could.
    const { extensions: _extensions, ...noCount } = V1;
    expect(() => readLoanState(noCount)).toThrow(/extensions/);
  });

  it('reads stored text as readLoanState reads its JSON, the same frozen state for the same text', () => {
    const text = JSON.stringify(V1);
    const state = readStoredLoanState(text, 3);
    expect(state).toEqual(readLoanState(structuredClone(V1)));
    expect(readStoredLoanState(`${text}`, 3)).toBe(state);
    // Shared between readers, so nothing can change it in place.
    expect(Object.isFrozen(state) && Object.isFrozen(state.terms) && Object.isFrozen(state.installments[0])).toBe(true);
    expect(() => {
      (state.paid as { principal: number }).principal = 0;
    }).toThrow(TypeError);
    // A version-0 text is upgraded on the way, like readLoanState.
    expect(readStoredLoanState(JSON.stringify(V0_BEFORE_REGIMES))).toEqual(
      readLoanState(structuredClone(V0_BEFORE_REGIMES)),
    );
  });

  it('answers a changed state with the change: the text is the key', () => {
    const before = readStoredLoanState(JSON.stringify(V1));
    const paid = { ...structuredClone(V1), paid: { principal: 150_001, interest: 13_500 } };
    const after = readStoredLoanState(JSON.stringify(paid));
    expect(after.paid.principal).toBe(150_001);
    expect(before.paid.principal).not.toBe(150_001);
    expect(readStoredLoanState(JSON.stringify(V1))).toBe(before);
  });

  it('refuses a malformed text every time, and keeps a bounded number of parses', () => {
    const bad = JSON.stringify({ ...structuredClone(V1), paid: { principal: '1', interest: 0 } });
    expect(() => readStoredLoanState(bad, 9)).toThrow(/^Order 9 has a malformed loan state: paid\.principal/);
    expect(() => readStoredLoanState(bad, 9)).toThrow(StoredStateError);
    for (let credit = 0; credit < PARSED_STATES_KEPT + 10; credit++)
      readStoredLoanState(JSON.stringify({ ...structuredClone(V1), credit }));
    expect(parsedStatesKept()).toBe(PARSED_STATES_KEPT);
  });
});
