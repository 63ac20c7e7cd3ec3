export { runCloseOfBusiness, type CobProgress } from './close/close-of-business';
export { startCobScheduler } from './close/cob-scheduler';
export { openingOf } from './close/income-recognition';
export { creditUseView } from './credit/credit-use-view';
export { approveTransfer, rejectTransfer, requestTransfer, type Transfer } from './credit/transfers';
export { CREDIT_ACCOUNT, CREDIT_TRANSFERS_ACCOUNT, receivable, recognitionLines } from './ledger/journal';
export { ledgerProblems } from './ledger/ledger-check';
export { REFUNDS_PAID_ACCOUNT, creditLeft, creditSpentOf, refundsOf } from './ledger/refund-journal';
export { trialBalance } from './ledger/trial-balance';
export { acceptedDisclosures, priceQuote, termsReviewOf, type PricedQuote } from './loans/accepted-terms';
export { borrowerLimit, limitOf, loansRepaidOnTime } from './loans/borrower-limit';
export { assertBusinessDate } from './loans/business-date';
export { bringUpToDate, decide, disburse, limitRefusal, loadProduct, submitApplication } from './loans/lifecycle';
export { dueDateOf, statusFor } from './loans/order-status';
export type { Order, Tx } from './loans/order-store';
export { configuredLenderLimits, type LoadedProduct, setLenderLimits, termRefusal } from './loans/product-store';
export { amountDueNow, payoffOf, repayableOrder, stateOn } from './loans/repayable';
export {
  LOAN_STATE_VERSION,
  readLoanState,
  readLoanStateOrNull,
  readStoredLoanState,
  StoredStateError,
  type StoredLoanState,
  storedLoanState,
} from './loans/stored-state';
export { acceptNewTerms, declineNewTerms } from './loans/terms-review';
export { approvePayout, rejectPayout, resumeApprovedPayouts } from './payouts/approval';
export { accountView, destinationOfAccount, payoutView, type Payout, boundAccount } from './payouts/destination';
export { applyPayoutEvent, payoutDateOf, takePayoutCallback } from './payouts/payout-events';
export { requestDisbursal, requestRefund } from './payouts/requests';
export { EventIgnored, ReplayRefused, postConfirmed, takeCallback, payRequestOf } from './posting/confirmations';
export { extensionOffer, wrongDelayAmount } from './posting/extension-offer';
export { validThroughOf, type StoredQuote } from './posting/honoured';
export {
  MANUAL_PROVIDER,
  approveManualPosting,
  listManualPostings,
  rejectManualPosting,
  requestManualPosting,
} from './posting/manual-posting';
export { postPayment } from './posting/payment-posting';
export { paymentsReceived } from './posting/payments-received';
export { reversePayment } from './posting/payment-reversal';
export { openingStateOf, valueDatedOf } from './posting/rebuild-order';
export { approveWriteOff, listWriteOffs, rejectWriteOff, requestWriteOff } from './write-off/write-off';
export {
  approveReversal,
  listReversals,
  rejectReversal,
  requestReversal,
  type ReversalRequest,
} from './posting/reversal-requests';
export { readAcceptedQuote, storedAcceptedQuote } from './loans/stored-quote';
export {
  type ExportRange,
  journalBatches,
  type LoanTapeRow,
  loanTapeBatches,
  paymentBatches,
  payoutBatches,
} from './exports/export-rows';
export { type TrialBalanceRangeRow, trialBalanceOver } from './exports/trial-balance-range';
export { accountOf } from './ledger/chart-of-accounts';
export { contractsOfPayments, paymentIdsOf } from './exports/payment-contracts';
export {
  type MoneyApprovalKind,
  type PendingMoneyApproval,
  pendingMoneyApprovals,
} from './checker/pending-approvals';
