import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import { API_BASE } from '../../../shared/constants';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from './payment-provider';
import type { PayoutProvider } from './payout-provider';
import { sandboxPayouts } from './sandbox-payouts';
import { sandboxProvider } from './sandbox-provider';
import { xenditPayouts } from './xendit-payouts';
import { xenditProvider } from './xendit-provider';
import { xenditV3Provider } from './xendit-v3-provider';
import { type SandboxLedger, sandboxLedger } from './transactions';
import { deliverSandboxEvent, deliverSigned } from './sandbox-delivery';

export const SANDBOX_CALLBACK_PATH = `${API_BASE}/payments/sandbox/callback`;
/** The address to register in Xendit's dashboard for payment callbacks (docs/deployment.md "Payments"). */
export const XENDIT_CALLBACK_PATH = `${API_BASE}/payments/xendit/callback`;
export const SANDBOX_PAYOUT_CALLBACK_PATH = `${API_BASE}/payouts/sandbox/callback`;
/** The address to register in Xendit's dashboard for payout webhooks (docs/deployment.md "Payments"). */
export const XENDIT_PAYOUT_CALLBACK_PATH = `${API_BASE}/payouts/xendit/callback`;

export interface Payments {
  provider: PaymentProvider;
  /** Who sends disbursals and refunds: the same provider as collections. */
  payouts: PayoutProvider;
  /** Set only when the sandbox is the provider: the key of its signatures and pay-page links. */
  sandboxSecret: string | null;
  /** Set only when the sandbox is the provider: its transactions listing (tests add to it). */
  sandboxLedger?: SandboxLedger | undefined;
}

/** No provider configured: the pages still show what is owed, but nothing can be paid online. */
const noProvider: PaymentProvider = {
  name: 'none',
  async create() {
    throw new AppError(Code.UNAVAILABLE, 'Online payment is not available at the moment. Please try again later.');
  },
  async debit() {
    return { accepted: false, reason: 'Online payment is not available at the moment.' };
  },
  verify() {
    return { ok: false, reason: 'signature' };
  },
};

const noPayouts: PayoutProvider = {
  name: 'none',
  supports: () => false,
  async payout() {
    return {
      outcome: 'refused',
      code: 'NO_PROVIDER',
      reason: 'No payout provider is configured (PAYMENT_PROVIDER=none)',
    };
  },
  verifyPayout: () => ({ ok: false, reason: 'signature' }),
};

/** The payment provider configuration chose. The sandbox never exists in production (configuration refuses it). */
export function setUpPayments(app: FastifyInstance, config: Config, clock: Clock): Payments {
  return choosePayments(app, config, clock);
}

function choosePayments(app: FastifyInstance, config: Config, clock: Clock): Payments {
  if (config.PAYMENT_PROVIDER === 'xendit') {
    // Configuration refuses xendit without these settings; the check is for the type.
    const { XENDIT_SECRET_KEY: secretKey, XENDIT_CALLBACK_TOKEN: callbackToken, PUBLIC_URL: publicUrl } = config;
    if (!secretKey || !callbackToken || !publicUrl) throw new Error('PAYMENT_PROVIDER=xendit without its settings');
    const settings = {
      secretKey,
      callbackToken,
      previousCallbackToken: config.XENDIT_CALLBACK_TOKEN_PREVIOUS,
      baseUrl: config.XENDIT_BASE_URL,
    };
    const collections = config.XENDIT_API === 'v3' ? xenditV3Provider : xenditProvider;
    return {
      provider: collections({ ...settings, publicUrl }),
      payouts: xenditPayouts({ ...settings, api: config.XENDIT_API }),
      sandboxSecret: null,
    };
  }
  if (config.PAYMENT_PROVIDER !== 'sandbox') return { provider: noProvider, payouts: noPayouts, sandboxSecret: null };
  if (!config.PAYMENT_SANDBOX_SECRET)
    app.log.info('PAYMENT_SANDBOX_SECRET is unset: the sandbox signs with a per-process secret');
  const secret = config.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex');
  const ledger = sandboxLedger();
  const provider = sandboxProvider(
    secret,
    (event) => deliverSandboxEvent(app, provider, SANDBOX_CALLBACK_PATH, event, clock),
    ledger,
  );
  const payouts = sandboxPayouts(
    secret,
    (event) =>
      deliverSigned(
        app,
        SANDBOX_PAYOUT_CALLBACK_PATH,
        payouts.signPayoutEvent(event, clock.now().getTime()),
        event.reference,
      ),
    () => clock.now(),
    ledger,
  );
  return { provider, payouts, sandboxSecret: secret, sandboxLedger: ledger };
}
