import { bucketTotal } from './allocation';
import { type Ceiling, type RegimeId, regimeById } from './ceilings';
import { daysBetween, type IsoDate, laterOf } from './dates';
import { amountPastDue, balancesOf, defaultChargeOf, firstUnpaidIndex, type LoanState, regimeOf } from './loan-state';
import { type Centavos, BPS, mulDivHalfUp } from './money';
import { quoteExtension } from './extension';
import { accrueOneDay, accruePenaltiesTo, tierBpsFor } from './penalties';
import { applyValueDated, byValueDate, type ValueDatedPayment } from './value-dated';

/**
 * "Why this amount": the amount due today, line by line, from the engine's own functions. The
 * loan is replayed from its opening state with the same payments, in the same order, as
 * `rebuildLoan`; late days are booked one at a time with `accrueOneDay` (which ends exactly where
 * the span accrual ends), so each day's penalty is what the engine charged that day.
 */

/** Charges held below what the terms price: a legal ceiling, or the lender's own limit outside them. */
export type LineCeiling = Extract<Ceiling, 'late-penalty' | 'total-cost' | 'effective-rate'> | 'default-charge-share';

export interface LineCap {
  ceiling: LineCeiling;
  /** The regulation behind it (null: the lender's own limit). */
  source: string | null;
  /** What the terms would have charged less what was charged. */
  tookOff: Centavos;
}

export type LineKind =
  | 'principal'
  | 'interest'
  | 'extension-interest'
  | 'service-fee'
  | 'extension-fees'
  | 'legal-charges'
  | 'enforcement-costs'
  | 'default-charge'
  | 'penalty'
  | 'penalties-earlier'
  | 'penalties-waived'
  | 'paid-principal'
  | 'paid-interest'
  | 'paid-penalties';

export interface AmountLine {
  kind: LineKind;
  /** Signed centavos; every line counts towards the total (payments are negative, the service fee 0). */
  amount: Centavos;
  /** The installment's due date, the penalty's day, the default charge's day. */
  date: IsoDate | null;
  /** 1-based installment number and count, for principal and interest. */
  installment: number | null;
  installments: number | null;
  /** The rule's figures. Interest: daily bps × days on `base` outstanding. Penalty: monthly bps ÷ 30 of `base` due. */
  rateBps: number | null;
  days: number | null;
  /** Interest and penalty: the amount the rate applies to. Default charge and service fee: the amount the terms set. */
  base: Centavos | null;
  /** Penalty only: overdue day number (day 1 is the day after the due date). */
  overdueDay: number | null;
  /** Penalty only: charge held back on earlier days and released within the ceiling today. */
  released: Centavos;
  cap: LineCap | null;
}

export interface AmountExplained {
  asOf: IsoDate;
  lines: AmountLine[];
  /** The sum of the lines. */
  total: Centavos;
  /** The engine's amount due on `asOf` (`amountDueNow`): always equal to `total`. */
  amountDue: Centavos;
  regime: { id: RegimeId; source: string } | null;
  /** The loan as replayed and accrued to `asOf`. */
  state: LoanState;
}

/**
 * Charges owed, plus principal and interest of every installment up to the first unpaid one:
 * what the borrower pays today to be current (the order page's amount due).
 */
export function amountDueNow(state: LoanState): Centavos {
  const balances = balancesOf(state);
  const charges = bucketTotal(balances) - balances.principal - balances.interest;
  const index = firstUnpaidIndex(state);
  if (index < 0) return charges;
  const scheduled = state.installments.slice(0, index + 1).reduce((sum, row) => sum + row.principal + row.interest, 0);
  return charges + scheduled - state.paid.principal - state.paid.interest;
}

function line(kind: LineKind, amount: Centavos, extra: Partial<AmountLine> = {}): AmountLine {
  return {
    kind,
    amount,
    date: null,
    installment: null,
    installments: null,
    rateBps: null,
    days: null,
    base: null,
    overdueDay: null,
    released: 0,
    cap: null,
    ...extra,
  };
}

/** Walks the late days between two states of the replay, one line per day that charged or was held back. */
class LateWalk {
  readonly lines: AmountLine[] = [];
  defaultLine: AmountLine | null = null;
  /** The default charge as booked and the part of it charged so far (the default charge counts first). */
  private defaultBooked = 0;
  private defaultCharged = 0;

  constructor(private readonly asOf: IsoDate) {}

  walk(from: LoanState, to: LoanState): void {
    let s = from;
    let attributed = 0;
    while (daysBetween(s.late.through, to.late.through) > 0 && daysBetween(s.late.through, this.asOf) > 0) {
      const next = accrueOneDay(s);
      this.day(s, next);
      attributed += next.late.charged - s.late.charged;
      s = next;
    }
    // An honoured quote skips late days (they were never charged); anything else the day walk
    // did not see is shown as one line, so the lines always add up to what the loan holds.
    const residual = to.late.charged - from.late.charged - attributed;
    if (residual !== 0) this.lines.push(line('penalties-waived', residual, { date: to.late.through }));
  }

  private day(s: LoanState, next: LoanState): void {
    const day = next.late.through;
    let charged = next.late.charged - s.late.charged;
    let uncapped = next.late.uncapped - s.late.uncapped;
    const regime = regimeOf(next);
    const lateCeiling = (): LineCap => {
      const late = regime !== null && next.late.charged >= next.late.room;
      return { ceiling: late ? 'late-penalty' : 'total-cost', source: regime ? regime.source : null, tookOff: 0 };
    };
    if (!s.late.defaultCharged && next.late.defaultCharged) {
      const terms = defaultChargeOf(s);
      this.defaultBooked = next.late.defaultCharge ?? terms;
      uncapped -= this.defaultBooked;
      this.defaultLine = line('default-charge', 0, { date: day, base: terms });
      this.lines.push(this.defaultLine);
    }
    if (this.defaultLine && this.defaultCharged < this.defaultBooked) {
      const part = Math.min(charged, this.defaultBooked - this.defaultCharged);
      this.defaultCharged += part;
      charged -= part;
      this.defaultLine.amount = this.defaultCharged;
    }
    if (this.defaultLine && (this.defaultLine.date === day || this.defaultLine.cap !== null)) {
      const terms = this.defaultLine.base ?? 0;
      const tookOff = terms - this.defaultCharged;
      this.defaultLine.cap =
        tookOff === 0
          ? null
          : this.defaultCharged === this.defaultBooked
            ? { ceiling: 'default-charge-share', source: null, tookOff }
            : { ...lateCeiling(), tookOff };
    }
    if (charged === 0 && uncapped === 0) return;
    const first = s.installments[firstUnpaidIndex(s)];
    const overdueDay = first ? daysBetween(first.dueDate, day) : 0;
    const held = uncapped - charged;
    this.lines.push(
      line('penalty', charged, {
        date: day,
        overdueDay,
        rateBps: tierBpsFor(s.terms.penaltyTiers, overdueDay),
        base: amountPastDue(s, day),
        released: held < 0 ? -held : 0,
        cap: held > 0 ? { ...lateCeiling(), tookOff: held } : null,
      }),
    );
  }
}

/**
 * An extension adds the extra term's interest to the first unpaid installment: noted as its own
 * line (daily rate × period days on the principal outstanding that day), with the renewal ceiling
 * that lowered it, if one did.
 */
function noteExtension(before: LoanState, after: LoanState, day: IsoDate, into: Map<number, AmountLine[]>): void {
  const quote = quoteExtension(before, day);
  const outstanding = before.amount - before.paid.principal;
  const { dailyInterestBps, periodDays } = before.terms;
  after.installments.forEach((row, i) => {
    const added = row.interest - (before.installments[i]?.interest ?? 0);
    if (added <= 0) return;
    const priced = mulDivHalfUp(outstanding, dailyInterestBps * periodDays, BPS);
    const cappedBy = quote.allowed ? quote.cappedBy : null;
    const source = quote.allowed && quote.regime ? regimeById(quote.regime).source : null;
    const cap: LineCap | null =
      cappedBy && priced > added ? { ceiling: cappedBy, source, tookOff: priced - added } : null;
    const rows = into.get(i) ?? [];
    rows.push(
      line('extension-interest', added, {
        date: day,
        rateBps: dailyInterestBps,
        days: periodDays,
        base: outstanding,
        cap,
      }),
    );
    into.set(i, rows);
  });
}

/**
 * The amount due on `asOf`, line by line: for the loan opened as `opening` with `payments`
 * (value-dated, posted as `rebuildLoan` posts them). The lines add up to `amountDueNow` of the
 * loan accrued to `asOf`.
 */
export function explainAmount(
  opening: LoanState,
  payments: readonly ValueDatedPayment[],
  asOf: IsoDate,
): AmountExplained {
  const walker = new LateWalk(laterOf(opening.late.through, asOf));
  const lines: AmountLine[] = [];
  let state = opening;
  /** Extension interest added to an installment, by installment index: one line per extension. */
  const extensionLines = new Map<number, AmountLine[]>();
  for (const payment of [...payments].sort(byValueDate)) {
    const { after, extended } = applyValueDated(state, payment);
    walker.walk(state, after);
    if (extended) noteExtension(state, after, payment.valueDate, extensionLines);
    state = after;
  }
  const final = accruePenaltiesTo(state, laterOf(state.late.through, asOf));
  walker.walk(state, final);

  const index = firstUnpaidIndex(final);
  const count = final.installments.length;
  if (index >= 0) {
    final.installments.slice(0, index + 1).forEach((row, i) => {
      const outstanding = final.installments.slice(i).reduce((sum, r) => sum + r.principal, 0);
      const where = { date: row.dueDate, installment: i + 1, installments: count };
      const extensions = extensionLines.get(i) ?? [];
      const scheduled = row.interest - extensions.reduce((total, l) => total + l.amount, 0);
      lines.push(line('principal', row.principal, where));
      lines.push(
        line('interest', scheduled, {
          ...where,
          rateBps: final.terms.dailyInterestBps,
          days: final.terms.periodDays,
          base: outstanding,
        }),
      );
      for (const ext of extensions) lines.push({ ...ext, installment: i + 1, installments: count });
    });
  }
  lines.push(line('service-fee', 0, { date: final.disbursalDate, base: final.terms.serviceFee }));
  if (final.owed.fees > 0) lines.push(line('extension-fees', final.owed.fees));
  if (final.owed.legalCharges > 0) lines.push(line('legal-charges', final.owed.legalCharges));
  if (final.owed.enforcementCosts > 0) lines.push(line('enforcement-costs', final.owed.enforcementCosts));
  if (opening.late.charged > 0)
    lines.push(line('penalties-earlier', opening.late.charged, { date: opening.late.through }));
  lines.push(...walker.lines);
  if (index >= 0) {
    if (final.paid.principal > 0) lines.push(line('paid-principal', -final.paid.principal));
    if (final.paid.interest > 0) lines.push(line('paid-interest', -final.paid.interest));
  }
  const penaltiesPaid = final.late.charged - final.owed.penalties;
  if (penaltiesPaid !== 0) lines.push(line('paid-penalties', -penaltiesPaid));

  const regime = regimeOf(final);
  return {
    asOf,
    lines,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    amountDue: amountDueNow(final),
    regime: regime ? { id: regime.id, source: regime.source } : null,
    state: final,
  };
}
