/**
 * The loan engine (architecture.md: Loan engine and money): pure, deterministic functions over integer centavos and Manila
 * calendar dates. No I/O and no clock: callers pass the date. See docs/loan-engine.md.
 */
export {
  AFTER_MATURITY_ORDER,
  type Allocation,
  allocatePayment,
  BEFORE_MATURITY_ORDER,
  type Bucket,
  type Buckets,
  bucketTotal,
  type Phase,
  zeroBuckets,
} from './allocation';
export {
  type AmountExplained,
  type AmountLine,
  amountDueNow,
  explainAmount,
  type LineCap,
  type LineCeiling,
  type LineKind,
} from './amount-explained';
export {
  BSP_1133,
  type CappedFigures,
  type Ceiling,
  type CeilingRegime,
  type CeilingTerms,
  type CostFigures,
  capToCeilings,
  costRoomOf,
  coveringRegime,
  lateRoomOf,
  REGIMES,
  type RegimeId,
  regimeById,
  regimeOfTerms,
  regimeOn,
  SEC_MC_14_2025,
} from './ceilings';
export { addCalendarMonths, addDays, daysBetween, type IsoDate, isIsoDate, laterOf, manilaDateOf } from './dates';
export { buildDisclosure, type FinanceChargeKind, type TilaDisclosure } from './disclosure';
export type { HonouredQuote } from './honoured-quote';
export {
  type ExtensionQuote,
  type ExtensionRefusal,
  type ExtensionResult,
  postExtension,
  quoteExtension,
} from './extension';
export { type CashFlow, monthlyIrr, presentValue, toBps } from './irr';
export { DEFAULT_LENDER_LIMITS, type LenderLimits, lenderLimitsSchema } from './limits';
export {
  amountPastDue,
  type BorrowerKind,
  balancesOf,
  costRoom,
  defaultChargeOf,
  extensionsOf,
  firstUnpaidIndex,
  type Installment,
  isAfterMaturity,
  type LateState,
  type LoanState,
  lateDueDaysOf,
  limitsOf,
  openLoan,
  regimeOf,
  scheduledInterest,
  totalCost,
} from './loan-state';
export { assertCentavos, BPS, bpsOf, type Centavos, mulDivDown, mulDivHalfUp, sumCentavos } from './money';
export { addCharge, applyAllocation, type ChargeKind, type ChargeResult, type Posting, postPayment } from './payment';
export {
  accrueOneDay,
  accruePenaltiesTo,
  dailyPenaltyInterest,
  type PenaltyStatement,
  penaltiesOwed,
  tierBpsFor,
} from './penalties';
export {
  hasLockIn,
  interestAccruedTo,
  type LockInCost,
  maturityOf,
  type PrepaymentQuote,
  type PrepaymentRefusal,
  type PrepaymentResult,
  postPrepayment,
  prepaymentOpensOn,
  quotePrepayment,
} from './prepayment';
export {
  amountErrors,
  atTerm,
  DEFAULT_CHARGE_NEW,
  DEFAULT_CHARGE_REPEAT,
  DEFAULT_PENALTY_TIERS,
  type LoanProduct,
  type LoanProductInput,
  limitErrors,
  loanProductSchema,
  MAX_AMOUNT,
  type PenaltyTier,
  PREPAYMENT_RULE,
  type ProductCheck,
  parseLoanProduct,
  periodDaysOf,
  TERM_DAYS_MAX,
  TERM_DAYS_MIN,
  TERM_OPTIONS_MAX,
  termErrors,
  termsOffered,
} from './product';
export { type LoanQuote, type LoanTerms, quoteLoan, readStoredQuote, type StoredQuote } from './quote';
export { capRenewal, type RenewalCap, renewalFlows } from './renewal';
export {
  collectedOf,
  daysPastDue,
  type EarnedIncome,
  earnedIncome,
  type WriteOff,
  NON_ACCRUAL_DAYS,
  nonAccrualFrom,
  type RecognitionInput,
  serviceFeeEarned,
} from './recognition';
export {
  buildInstallments,
  type RepayPlanRow,
  type ScheduledInstallment,
  type ScheduleInput,
  toRepayPlans,
} from './schedule';
export { isSettled } from './settlement';
export {
  applyValueDated,
  byValueDate,
  type Rebuild,
  type RebuildStep,
  rebuildLoan,
  type ValueDatedPayment,
} from './value-dated';
