import { z } from 'zod';
import { payoutFailureText, type PayoutAnswer, type PayoutProvider, type PayoutVerified } from './payout-provider';
import { type XenditClientOptions, XenditError, xenditClient } from './xendit-client';
import { callbackTokens, centavosOf, pesosOf, readXenditCallback, XENDIT } from './xendit-provider';

/** Which Xendit Payouts API: v2 (`/v2/payouts`, `payout.*` events) or v3 (`/v3/payouts`, `v3_payout.*`). */
export type XenditApi = 'v2' | 'v3';
/** The `api-version` of Payouts v3 this adapter speaks. */
export const XENDIT_PAYOUTS_API_VERSION = '2024-11-11';

/**
 * Our payout channels as Xendit's Philippine payout channel codes (Payouts v2 channel list): the
 * two e-wallets of the bind form and its banks (PH_BANKS). A bank added to the bind form needs
 * its line here before Xendit can pay it; until then finance is told so at request time.
 */
export const XENDIT_PAYOUT_CHANNELS: Readonly<Record<string, string>> = {
  GCASH: 'PH_GCASH',
  MAYA: 'PH_PAYMAYA',
  BDO: 'PH_BDO',
  BPI: 'PH_BPI',
  MBTC: 'PH_MET',
  LBP: 'PH_LBP',
  PNB: 'PH_PNB',
  SECB: 'PH_SEC',
  UBP: 'PH_UBP',
  RCBC: 'PH_RCBC',
  CBC: 'PH_CBC',
  EWB: 'PH_EWB',
  DBP: 'PH_DBP',
  PSB: 'PH_PSB',
};

/** The Payout object Xendit answers (create, and GET by reference); other fields are ignored. */
const payoutSchema = z.object({
  id: z.string().min(1),
  reference_id: z.string(),
  amount: z.number(),
  status: z.string(),
});

/** GET /v2/payouts?reference_id=: a bare list as documented, or the SDK's page of them. */
const lookupSchema = z.union([
  z.array(z.looseObject({})),
  z.looseObject({ data: z.array(z.looseObject({})), has_more: z.boolean().optional() }),
]);

/** The answers to a reused idempotency key: the payout was made before. */
const DUPLICATE_CODES = new Set(['DUPLICATE_ERROR', 'DUPLICATE_TRANSACTION_ERROR', 'IDEMPOTENCY_ERROR']);

/** Xendit's payout webhook (events payout.succeeded, payout.failed and payout.reversed). */
const callbackSchema = z.object({
  event: z.string(),
  created: z.iso.datetime({ offset: true }).optional(),
  data: z.object({
    id: z.string().min(1),
    reference_id: z.string().min(6).max(100),
    amount: z.number().positive(),
    currency: z.literal('PHP'),
    status: z.string(),
    failure_code: z.string().nullish(),
    updated: z.iso.datetime({ offset: true }),
  }),
});

const EVENT_STATUS: Record<XenditApi, Record<string, 'succeeded' | 'failed' | 'reversed'>> = {
  v2: { 'payout.succeeded': 'succeeded', 'payout.failed': 'failed', 'payout.reversed': 'reversed' },
  v3: { 'v3_payout.succeeded': 'succeeded', 'v3_payout.failed': 'failed', 'v3_payout.reversed': 'reversed' },
};

const ANY_EVENT = { ...EVENT_STATUS.v2, ...EVENT_STATUS.v3 };

/**
 * Statuses a payout can be created in that mean nothing was or will be sent: compliance refused it.
 * PENDING_COMPLIANCE_ASSESSMENT is on its way (held for review); its outcome comes by webhook.
 */
const REFUSED_ON_CREATE = new Set(['COMPLIANCE_REJECTED', 'CANCELLED', 'FAILED']);

export interface XenditPayoutSettings extends Omit<XenditClientOptions, 'secretKey'> {
  secretKey: string;
  callbackToken: string;
  previousCallbackToken?: string | undefined;
  /** Default v2 (the API accounts made before v3 have); payment-setup passes the configured one. */
  api?: XenditApi | undefined;
}

/**
 * Xendit Payouts v2 or v3 (the same body; v3 with its `api-version`, its events named
 * `v3_payout.*`): `POST /v2/payouts` (or `/v3/payouts`) under our reference as `Idempotency-key` (and as
 * `reference_id`), to the bound account's channel. Xendit answers ACCEPTED and reports SUCCEEDED
 * or FAILED (with a failure code) by webhook, which is believed only with the callback token.
 * 429, 5xx and timeouts are retried under the same key; when they persist the payout is left to
 * be asked again with that same key. A reused key Xendit refuses (DUPLICATE_ERROR) is looked up by
 * its reference: the payout already made is the answer, and one not listed yet is asked about again.
 */
export function xenditPayouts(settings: XenditPayoutSettings): PayoutProvider {
  const api = settings.api ?? 'v2';
  const path = api === 'v3' ? '/v3/payouts' : '/v2/payouts';
  const client = xenditClient(
    api === 'v3'
      ? { ...settings, headers: { ...settings.headers, 'api-version': XENDIT_PAYOUTS_API_VERSION } }
      : settings,
  );

  /**
   * The payout made under our reference, by `GET /v2/payouts?reference_id=`. Xendit documents a
   * bare list, and its SDK types the reply as a page (`{ data, has_more, links }`): both are read.
   * Null when it is not listed (yet); a lookup that fails throws.
   */
  async function existing(reference: string, pesos: number): Promise<z.infer<typeof payoutSchema> | null> {
    const reply = await client.get(`${path}?reference_id=${encodeURIComponent(reference)}`);
    const listed = lookupSchema.safeParse(reply);
    if (!listed.success) throw new Error(`Xendit payout lookup not understood for ${reference}`);
    const rows = Array.isArray(listed.data) ? listed.data : listed.data.data;
    for (const row of rows) {
      const payout = payoutSchema.safeParse(row);
      if (payout.success && payout.data.reference_id === reference && payout.data.amount === pesos) return payout.data;
    }
    return null;
  }

  return {
    name: XENDIT,
    supports: (channel) => channel in XENDIT_PAYOUT_CHANNELS,
    async payout({ reference, amount, destination, description }): Promise<PayoutAnswer> {
      const channelCode = XENDIT_PAYOUT_CHANNELS[destination.channel];
      if (!channelCode)
        return {
          outcome: 'refused',
          code: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
          reason: payoutFailureText('CHANNEL_CODE_NOT_SUPPORTED_ERROR'),
        };
      const body = {
        reference_id: reference,
        channel_code: channelCode,
        channel_properties: { account_number: destination.accountNo, account_holder_name: destination.holderName },
        amount: pesosOf(amount),
        description,
        currency: 'PHP',
        metadata: { reference },
      };
      let reply: unknown;
      try {
        reply = await client.post(path, reference, body);
      } catch (error) {
        if (!(error instanceof XenditError)) throw error;
        if (error.retryable) return { outcome: 'unanswered', reason: `${error.errorCode}: ${error.message}` };
        if (DUPLICATE_CODES.has(error.errorCode)) {
          // Asked again after a lost reply, with a Xendit that refuses a reused key instead of
          // replaying it. A duplicate proves the payout exists: it is never a failure. Found, it
          // is the answer; not listed yet (or the lookup failed), it stays on its way and is
          // asked again later under the same key.
          const found = await existing(reference, body.amount).catch(() => null);
          if (found) return { outcome: 'accepted', providerId: found.id };
          return { outcome: 'unanswered', reason: `${error.errorCode}: made before, not listed yet` };
        }
        return { outcome: 'refused', code: error.errorCode, reason: payoutFailureText(error.errorCode, error.message) };
      }
      const created = payoutSchema.safeParse(reply);
      if (!created.success || created.data.reference_id !== reference)
        throw new Error(`Xendit payout reply not understood for ${reference}`);
      if (REFUSED_ON_CREATE.has(created.data.status))
        return {
          outcome: 'refused',
          code: created.data.status,
          reason: payoutFailureText(created.data.status),
        };
      return { outcome: 'accepted', providerId: created.data.id };
    },
    verifyPayout(headers, rawBody): PayoutVerified {
      // Both versions' events are believed: a payout asked on v2 before the account moved to v3 is
      // still told through its v2 topic while the dashboard sends it (the names do not overlap).
      const read = readXenditCallback(callbackTokens(settings), headers, rawBody, ANY_EVENT, callbackSchema);
      if (!read.ok) return read;
      const { status, body } = read;
      const { data } = body;
      return {
        ok: true,
        event: {
          // One payout succeeds or fails once: its id and the event name are the delivery's identity.
          eventId: `${data.id}:${body.event}`,
          reference: data.reference_id,
          providerId: data.id,
          amount: centavosOf(data.amount),
          status,
          failureCode:
            status === 'succeeded'
              ? undefined
              : (data.failure_code ?? (status === 'reversed' ? 'REVERSED' : 'UNKNOWN')),
          // The payout object changes status when the money arrives or is refused: that is the moment.
          at: data.updated,
        },
      };
    },
  };
}
