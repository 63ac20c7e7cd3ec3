import type { StoredPresentation as ProductPresentation } from '../../../shared/contracts/back-office-catalogue';
import { parsePesos } from '../../../shared/format/money';

/** The confirm page's texts as the form holds them: every one in English and Filipino. */
export interface PresentationForm {
  buttonText?: string;
  promoText?: string;
  retention?: { title?: string; content?: string };
  agreementPopUrl?: string;
  fil?: { buttonText?: string; promoText?: string; retention?: { title?: string; content?: string } };
}

/** The product form's values: money in pesos, rates in percent, as an admin types them. */
export interface ProductFormValues {
  name: string;
  logo: string;
  enabled: boolean;
  minAmount: number | null;
  maxAmount: number | null;
  amountStep: number | null;
  termDays: number | null;
  /** The terms offered besides `termDays`, in days, as typed (a tag each). */
  otherTerms: string[];
  periods: number | null;
  dailyInterestPct: number | null;
  serviceFeePct: number | null;
  extensionFeePct: number | null;
  extensionAllowed: boolean;
  defaultChargeNew: number | null;
  defaultChargeRepeat: number | null;
  penaltyTiers: { fromDay: number | null; monthlyPct: number | null }[];
  prepaymentMinDays: number | null;
  prepaymentMinSharePct: number | null;
  /** Pesos; blank: a first loan may reach the product's maximum. */
  firstLoanMax: number | null;
  limitStep: number | null;
  openLoansAllowed: number | null;
  presentation: PresentationForm;
}

/** Pesos typed → centavos, through the shared parser (no floating-point rounding of money). */
const centavos = (pesos: number | null | undefined) =>
  pesos === null || pesos === undefined ? null : parsePesos(String(pesos));
/** Percent typed → basis points (0.15% → 15). */
const bps = (pct: number | null | undefined) => (pct === null || pct === undefined ? null : Math.round(pct * 100));
const pesos = (c: unknown) => (typeof c === 'number' ? c / 100 : null);
const pct = (b: unknown) => (typeof b === 'number' ? b / 100 : null);
const num = (n: unknown) => (typeof n === 'number' ? n : null);

/** The engine's terms as the form shows them; the engine's defaults fill what a stored product leaves out. */
export interface ProductShape {
  name: string;
  logo: string;
  enabled: boolean;
  terms: Record<string, unknown>;
  presentation?: ProductPresentation;
  firstLoanMax?: number | null;
  limitStep?: number;
  openLoansAllowed?: number;
}

export function formOfTerms(product: ProductShape): ProductFormValues {
  const t = product.terms;
  const tiers = Array.isArray(t.penaltyTiers)
    ? (t.penaltyTiers as { fromDay: number; monthlyBps: number }[])
    : DEFAULT_TIERS;
  const prepayment = (t.prepayment ?? { minDaysAfterDisbursal: 7, minTermShareBps: 5_000 }) as {
    minDaysAfterDisbursal: number;
    minTermShareBps: number;
  };
  return {
    name: product.name,
    logo: product.logo,
    enabled: product.enabled,
    minAmount: pesos(t.minAmount),
    maxAmount: pesos(t.maxAmount),
    amountStep: pesos(t.amountStep),
    termDays: num(t.termDays),
    otherTerms: Array.isArray(t.termOptions)
      ? t.termOptions.filter((days) => days !== t.termDays).map((days) => String(days))
      : [],
    periods: num(t.periods),
    dailyInterestPct: pct(t.dailyInterestBps),
    serviceFeePct: pct(t.serviceFeeBps),
    extensionFeePct: pct(t.extensionFeeBps),
    extensionAllowed: t.extensionAllowed === true,
    defaultChargeNew: pesos(t.defaultChargeNew ?? 100_000),
    defaultChargeRepeat: pesos(t.defaultChargeRepeat ?? 80_000),
    penaltyTiers: tiers.map((tier) => ({ fromDay: tier.fromDay, monthlyPct: pct(tier.monthlyBps) })),
    prepaymentMinDays: prepayment.minDaysAfterDisbursal,
    prepaymentMinSharePct: pct(prepayment.minTermShareBps),
    firstLoanMax: pesos(product.firstLoanMax),
    limitStep: pesos(product.limitStep ?? 0),
    openLoansAllowed: product.openLoansAllowed ?? 1,
    presentation: product.presentation ?? {},
  };
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
const some = <T extends object>(obj: T) => (Object.values(obj).some((v) => v !== undefined) ? obj : undefined);

/** The confirm page's texts to store: blanks left out (a blank Filipino text reads in English); a retention popup needs its English title and text. */
export function presentationOfForm(p: PresentationForm): ProductPresentation {
  const title = text(p.retention?.title);
  const content = text(p.retention?.content);
  const fil = some({
    buttonText: text(p.fil?.buttonText),
    promoText: text(p.fil?.promoText),
    retention: some({ title: text(p.fil?.retention?.title), content: text(p.fil?.retention?.content) }),
  });
  return {
    ...(text(p.buttonText) ? { buttonText: text(p.buttonText) } : {}),
    ...(text(p.promoText) ? { promoText: text(p.promoText) } : {}),
    ...(title && content ? { retention: { title, content } } : {}),
    ...(text(p.agreementPopUrl) ? { agreementPopUrl: text(p.agreementPopUrl) } : {}),
    ...(fil ? { fil } : {}),
  };
}

/** The save call's fields besides the terms: centavos as text, blank first-loan cap as "none". */
export function limitsOfForm(v: ProductFormValues) {
  return {
    firstLoanMax: v.firstLoanMax === null || v.firstLoanMax === undefined ? '' : String(centavos(v.firstLoanMax) ?? ''),
    limitStep: String(centavos(v.limitStep ?? 0) ?? 0),
    openLoansAllowed: String(v.openLoansAllowed ?? 1),
    presentation: JSON.stringify(presentationOfForm(v.presentation ?? {})),
  };
}

const DEFAULT_TIERS = [
  { fromDay: 1, monthlyBps: 500 },
  { fromDay: 31, monthlyBps: 400 },
  { fromDay: 91, monthlyBps: 200 },
];

/** The form's values as the engine's terms: centavos and basis points; a blank stays blank so the engine names it. */
export function termsOfForm(v: Partial<ProductFormValues>): Record<string, unknown> {
  return {
    minAmount: centavos(v.minAmount),
    maxAmount: centavos(v.maxAmount),
    amountStep: centavos(v.amountStep),
    termDays: v.termDays ?? null,
    ...termOptionsOfForm(v),
    periods: v.periods ?? null,
    dailyInterestBps: bps(v.dailyInterestPct),
    serviceFeeBps: bps(v.serviceFeePct),
    extensionFeeBps: bps(v.extensionFeePct),
    extensionAllowed: v.extensionAllowed === true,
    defaultChargeNew: centavos(v.defaultChargeNew),
    defaultChargeRepeat: centavos(v.defaultChargeRepeat),
    penaltyTiers: (v.penaltyTiers ?? []).map((tier) => ({
      fromDay: tier?.fromDay ?? null,
      monthlyBps: bps(tier?.monthlyPct),
    })),
    prepayment: { minDaysAfterDisbursal: v.prepaymentMinDays ?? null, minTermShareBps: bps(v.prepaymentMinSharePct) },
  };
}

/**
 * The terms offered: the term and every other one typed, shortest first, each once; none typed
 * leaves `termOptions` out (the term alone, as products were before). A tag that is no whole
 * number goes as null, so the engine names it.
 */
function termOptionsOfForm(v: Partial<ProductFormValues>): { termOptions?: (number | null)[] } {
  const others = (v.otherTerms ?? []).map((tag) => {
    const days = Number(String(tag).trim());
    return Number.isInteger(days) && days > 0 ? days : null;
  });
  if (others.length === 0) return {};
  const all = v.termDays === null || v.termDays === undefined ? others : [v.termDays, ...others];
  const days = [...new Set(all.filter((d): d is number => d !== null))].sort((a, b) => a - b);
  const bad = all.filter((d) => d === null);
  return days.length > 1 || bad.length > 0 ? { termOptions: [...days, ...bad] } : {};
}
