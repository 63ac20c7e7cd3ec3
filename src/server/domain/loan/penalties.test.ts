import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { addCharge, postPayment } from './payment';
import { accrueOneDay, accruePenaltiesTo, penaltiesOwed, tierBpsFor } from './penalties';
import { DEFAULT_PENALTY_TIERS } from './product';
import { makeLoan } from './test-support';

// Outside BSP 1133 (180 days): ₱5,000 at 0.15% a day, one period. Interest 500,000 × 15 × 180 ÷ 10,000
// = 135,000, so 635,000 falls due on 2025-06-30. Daily penalty interest on 635,000:
//   5% ÷ 30 = 1,058.33 → 1,058;  4% ÷ 30 = 846.67 → 847;  2% ÷ 30 = 423.33 → 423
const openLoan = (borrower: 'new' | 'repeat' = 'new') =>
  makeLoan({ termDays: 180, minAmount: 500_000 }, { amount: 500_000, borrower });

// Inside BSP 1133 (91 days): 500,000 + 68,250 interest (500,000 × 15 × 91 ÷ 10,000) due 2025-04-02.
// Late ceiling a day: 568,250 × 5% ÷ 30 = 947.08 → 947. Service fee 3% = 15,000.
const bspLoan = () => makeLoan({ minAmount: 500_000 }, { amount: 500_000 });

describe('late penalties', () => {
  it('spec 001 §9: tiers of 5% for days 1–30, 4% for 31–90, 2% from day 91', () => {
    expect([1, 30, 31, 90, 91, 400].map((day) => tierBpsFor(DEFAULT_PENALTY_TIERS, day))).toEqual([
      500, 500, 400, 400, 200, 200,
    ]);
    expect(tierBpsFor(DEFAULT_PENALTY_TIERS, 0)).toBe(0);
  });

  it('spec 001 §9: nothing is late on the due date; day 1 brings the default charge and a day of interest', () => {
    expect(penaltiesOwed(openLoan(), '2025-06-30').owed).toBe(0);
    // 100,000 default charge (new borrower) + 1,058
    expect(penaltiesOwed(openLoan(), '2025-07-01')).toMatchObject({
      overdueDays: 1,
      amountDue: 635_000,
      owed: 101_058,
      defaultCharge: 100_000,
      penaltyInterest: 1_058,
    });
    // 80,000 default charge (repeat borrower) + 1,058
    expect(penaltiesOwed(openLoan('repeat'), '2025-07-01').owed).toBe(81_058);
  });

  it('spec 001 §9: daily interest follows the tier of each overdue day', () => {
    // Day 30: 100,000 + 30 × 1,058 = 131,740
    expect(penaltiesOwed(openLoan(), '2025-07-30').owed).toBe(131_740);
    // Day 90: 131,740 + 60 × 847 = 182,560
    expect(penaltiesOwed(openLoan(), '2025-09-28').owed).toBe(182_560);
    // Day 100: 182,560 + 10 × 423 = 186,790
    expect(penaltiesOwed(openLoan(), '2025-10-08')).toMatchObject({ overdueDays: 100, owed: 186_790, cappedBy: null });
  });

  it('spec 001 §9: penalty interest runs on the unpaid amount due only', () => {
    // Day 1: 101,058 accrued, then 300,000 paid: penalties 101,058, interest 135,000, principal 63,942.
    // Still due 635,000 − 135,000 − 63,942 = 436,058; day 2: 436,058 × 5% ÷ 30 = 726.76 → 727.
    const paid = postPayment(openLoan(), 300_000, '2025-07-01');
    expect(paid.allocation.applied).toMatchObject({ penalties: 101_058, interest: 135_000, principal: 63_942 });
    expect(penaltiesOwed(paid.state, '2025-07-02')).toMatchObject({ amountDue: 436_058, owed: 727 });
  });

  it('spec 001 §9: overdue days count from the oldest unpaid installment, on everything late', () => {
    // 2 periods of 90 days on 1,000,000: 635,000 due 2025-04-01 (1,000,000 × 13.5% interest),
    // 567,500 due 2025-06-30 (500,000 × 13.5%). On day 91 both are late: 1,202,500 × 2% ÷ 30 = 801.67 → 802.
    // Days 1–91: 100,000 + 30 × 1,058 + 60 × 847 + 802 = 183,362
    const loan = makeLoan({ termDays: 180, periods: 2, minAmount: 1_000_000, maxAmount: 1_000_000 });
    expect(penaltiesOwed(loan, '2025-07-01')).toMatchObject({ overdueDays: 91, amountDue: 1_202_500, owed: 183_362 });
  });

  it('architecture.md: Loan engine and money: BSP 1133 holds default charge and penalty interest together to 5% a month', () => {
    // Day 45: tiers would charge 100,000 + 30 × 947 + 15 × 758 (568,250 × 4% ÷ 30 = 757.67) = 139,780,
    // but the ceiling is 45 days × 568,250 × 5% ÷ 30 = 42,618.75, rounded down once to 42,618 (not
    // 45 × 947 rounded each day). The default charge counts first; held back 139,780 − 42,618 = 97,162.
    expect(penaltiesOwed(bspLoan(), '2025-05-17')).toMatchObject({
      overdueDays: 45,
      owed: 42_618,
      defaultCharge: 42_618,
      penaltyInterest: 0,
      heldBack: 97_162,
      cappedBy: 'late-penalty',
    });
  });

  it('architecture.md: Loan engine and money: BSP 1133 total cost stops penalties at the principal', () => {
    // Day 10: penalties 10 × 947 = 9,470; a legal charge of 400,000 fits (cost 68,250 + 15,000 + 9,470 + 400,000).
    // From then penalties may reach 500,000 − 68,250 − 15,000 − 400,000 = 16,750 and no more.
    const charged = addCharge(bspLoan(), 'legalCharges', 400_000, '2025-04-12');
    expect(charged).toMatchObject({ ok: true, charged: 400_000, cappedBy: null });
    if (!charged.ok) return;
    expect(penaltiesOwed(charged.state, '2025-05-02')).toMatchObject({ owed: 16_750, cappedBy: 'total-cost' });
  });

  it('architecture.md: Loan engine and money: close of business adds one day; running it again for the same day changes nothing', () => {
    let loan = accruePenaltiesTo(openLoan(), '2025-06-30');
    loan = accrueOneDay(loan);
    expect(loan.late.through).toBe('2025-07-01');
    expect(loan.owed.penalties).toBe(101_058);
    expect(accruePenaltiesTo(loan, '2025-07-01')).toBe(loan);
    expect(accrueOneDay(loan).owed.penalties).toBe(102_116); // + 1,058 for day 2
  });

  it('architecture.md: Loan engine and money: accruing day by day equals accruing in one go (worked example)', () => {
    let daily = bspLoan();
    for (let day = 1; day <= 200; day++) daily = accrueOneDay(daily);
    expect(daily).toEqual(accruePenaltiesTo(bspLoan(), addDays('2025-01-01', 200)));
  });

  it('rounding never exceeds the late ceiling: ₱3.00 due for 30 days is charged ₱0.15 (5%), not ₱0.30', () => {
    // ₱3.00 for 91 days, no interest, fee or default charge, due 2025-04-02. Each day's penalty interest
    // is 300 × 5% ÷ 30 = 0.5 → 1 centavo, so the tiers ask 30; rounding each day's room half-up also
    // gave 30 (10% in a month). The room is now 30 × 300 × 500 ÷ 300,000 = 15 exactly, rounded down once.
    const tiny = () =>
      makeLoan({
        minAmount: 300,
        maxAmount: 300,
        amountStep: 1,
        serviceFeeBps: 0,
        dailyInterestBps: 0,
        defaultChargeNew: 0,
      });
    expect(penaltiesOwed(tiny(), '2025-05-02')).toMatchObject({
      amountDue: 300,
      overdueDays: 30,
      owed: 15,
      heldBack: 15,
      cappedBy: 'late-penalty',
    });
    let daily = tiny();
    for (let day = 1; day <= 121; day++) daily = accrueOneDay(daily);
    expect(daily.owed.penalties).toBe(15);
    // One day alone earns 0.5 centavo of room, which rounds down to nothing.
    expect(penaltiesOwed(tiny(), '2025-04-03').owed).toBe(0);
  });

  it('a loan stored before the unrounded room carries its room in centavos on unchanged', () => {
    // Stored with room 9,470 (10 days × 947) and no dueDays: read as 9,470 × 600 = 5,682,000 centavo-days.
    // One more day adds 568,250: 6,250,250 × 500 ÷ 300,000 = 10,417.08 → 10,417.
    const accrued = accruePenaltiesTo(bspLoan(), '2025-04-12');
    const { dueDays: _dropped, ...late } = accrued.late;
    const stored = { ...accrued, late: { ...late, room: 9_470 } };
    expect(accruePenaltiesTo(stored, '2025-04-13').late).toMatchObject({ dueDays: 6_250_250, room: 10_417 });
  });
});
