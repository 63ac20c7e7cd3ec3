import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { SMS_CODE_LENGTH } from '../constants';

/**
 * spec 000 §2 Legacy repayment screen, §3 legacy store, §7 legacy calls: repay an order from one
 * of the borrower's bank cards, with an SMS code when asked. Paths under the legacy service prefix.
 */
const LEGACY_PREFIX = '/service/loan';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int()
    .positive(`${field} is required`);
/** Money is integer centavos (architecture.md: Loan engine and money). */
const centavos = z.coerce
  .number({ error: 'amount must be a number of centavos' })
  .int('amount must be a whole number of centavos')
  .positive('The amount must be more than zero');
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

export const bankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked: only the last four digits are ever sent (architecture.md: Sessions). */
  cardNo: z.string(),
  bankCode: z.string(),
});

/** spec 000 §7: repayment-way → data.alipay, repayToken, bankCards. */
export const repaymentWay = defineCall({
  name: 'legacyRepayment.way',
  method: 'POST',
  path: `${LEGACY_PREFIX}/repayment-way`,
  auth: true,
  success: 0,
  summary: "The borrower's bank cards and a single-use token for one repayment of the order",
  request: z.object({ orderId: id('orderId') }),
  reply: z.object({
    /** Always 0: no Alipay in the Philippines; kept for the legacy clients. */
    alipay: z.number().int(),
    repayToken: z.string(),
    bankCards: z.array(bankCard),
    /** Ours: what is due now (centavos), for a client that was not given the amount. */
    amountDue: z.number().int(),
  }),
});

/** spec 000 §7: repayment-commit → needValid, repayRecordId. A repayToken is single use (800005). */
export const repaymentCommit = defineCall({
  name: 'legacyRepayment.commit',
  method: 'POST',
  path: `${LEGACY_PREFIX}/repayment-commit`,
  auth: true,
  success: 0,
  summary: 'Submit a repayment from a bank card; with sendMsg=1 an SMS code must confirm it',
  request: z.object({
    amount: centavos,
    bankName: optionalText(100),
    cardId: id('cardId'),
    cardNo: optionalText(40),
    couponId: optionalText(64),
    orderId: id('orderId'),
    repayToken: z.string().trim().min(1, 'repayToken is required').max(200),
    bankCode: optionalText(40),
    sendMsg: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'sendMsg must be 0 or 1' })),
  }),
  reply: z.object({ needValid: z.number().int(), repayRecordId: z.number().int() }),
});

/** spec 000 §7: repayment-confirm (orderId, verifyCode, repaymentRecordId); 800006 on a wrong code. */
export const repaymentConfirm = defineCall({
  name: 'legacyRepayment.confirm',
  method: 'POST',
  path: `${LEGACY_PREFIX}/repayment-confirm`,
  auth: true,
  success: 0,
  summary: 'Confirm a submitted repayment with the SMS code',
  request: z.object({
    orderId: id('orderId'),
    verifyCode: z.string().trim().min(SMS_CODE_LENGTH, 'Enter the correct code').max(12, 'Enter the correct code'),
    repaymentRecordId: id('repaymentRecordId'),
  }),
  reply: z.object({ repayRecordId: z.number().int(), orderStatus: z.number().int() }),
});

/** Ours: a new SMS code for a submitted repayment (the screen's 60 s resend). */
export const repaymentResendCode = defineCall({
  name: 'legacyRepayment.resendCode',
  method: 'POST',
  path: `${LEGACY_PREFIX}/repayment-resend-code`,
  auth: true,
  success: 0,
  summary: 'Send the SMS code of a submitted repayment again',
  request: z.object({ orderId: id('orderId'), repaymentRecordId: id('repaymentRecordId') }),
  reply: z.object({ resendAfterSeconds: z.number().int() }),
});

/** spec 000 §7: repayment-huichao (userId, orderId, amount) → url, which the client navigates to. */
export const repaymentHuichao = defineCall({
  name: 'legacyRepayment.huichao',
  method: 'POST',
  path: `${LEGACY_PREFIX}/repayment-huichao`,
  auth: true,
  success: 0,
  summary: "The address of the online payment page for the order (today: the app's repayment page)",
  request: z.object({
    userId: z.string().trim().min(1, 'userId is required'),
    orderId: id('orderId'),
    amount: centavos,
  }),
  reply: z.object({ url: z.string() }),
});

export type BankCard = z.infer<typeof bankCard>;
