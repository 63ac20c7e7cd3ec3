/**
 * Deploy-time check of the payment provider's account (docs/deployment.md "Payments"):
 *
 *   npm run providers:check
 *
 * With PAYMENT_PROVIDER=xendit it lists the account's payout channels (GET /payouts_channels) and
 * refuses, exit 1, when a payout channel a borrower can bind is not offered by the account (a
 * disbursal to it would fail when the money should go out). It also says which API (XENDIT_API)
 * and which webhook topics the dashboard must have, and whether a previous callback token is still
 * believed (a rotation not finished). Exit 2: not configured for Xendit.
 */
import { loadConfig } from '../src/server/config';
import { checkPayoutChannels } from '../src/server/providers/payment/payout-channels-check';
import { xenditClient } from '../src/server/providers/payment/xendit-client';

const TOPICS = {
  v2: 'Payment Requests: payment.succeeded, payment.failed; Payouts: payout.succeeded, payout.failed, payout.reversed',
  v3: 'Payments API v3: payment.capture, payment.failure, payment_request.expiry; Payouts v3: v3_payout.succeeded, v3_payout.failed, v3_payout.reversed',
} as const;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.PAYMENT_PROVIDER !== 'xendit' || !config.XENDIT_SECRET_KEY) {
    console.error(`PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER}: nothing to check (only Xendit has an account to ask)`);
    process.exitCode = 2;
    return;
  }
  const client = xenditClient({ secretKey: config.XENDIT_SECRET_KEY, baseUrl: config.XENDIT_BASE_URL });
  console.log(`Xendit API: ${config.XENDIT_API}. Dashboard webhook topics to set: ${TOPICS[config.XENDIT_API]}`);
  if (config.XENDIT_CALLBACK_TOKEN_PREVIOUS)
    console.log(
      'XENDIT_CALLBACK_TOKEN_PREVIOUS is set: a token rotation is in progress (unset it once the dashboard has the new token)',
    );
  const { offered, missing } = await checkPayoutChannels(client);
  for (const c of offered)
    console.log(
      `payout channel ${c.ours} → ${c.code}: offered${c.maximum === null ? '' : ` (up to ₱${c.maximum.toLocaleString('en-PH')})`}`,
    );
  for (const c of missing) console.error(`payout channel ${c.ours} → ${c.code}: NOT offered by this Xendit account`);
  if (missing.length > 0) {
    console.error(
      `${missing.length} payout channel(s) a borrower can bind are not offered: activate them in the Xendit dashboard before going live`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
