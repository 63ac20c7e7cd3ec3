import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lifetimeMsOf, v3BodyProblem, v3CallbackFor, v3ReplyFor, type V3PaymentEvent } from './xendit-fake-v3';

/**
 * A local stand-in for Xendit's Payment Requests API and Payouts v2 API, for contract tests
 * (machines have no internet). It speaks Xendit's documented shapes: Basic authentication with the
 * secret key, `Idempotency-key` (the same key and body answers the first reply again; the same key
 * with another body is 409 DUPLICATE_ERROR), errors as `{ error_code, message }`, the replies and
 * callbacks of e-wallet, over-the-counter and QR Ph payment requests, and payouts (created
 * ACCEPTED, reported by the payout.succeeded / payout.failed webhook). Tests script failures and
 * delays.
 */
export interface FakeXendit {
  url: string;
  /** Every POST /payment_requests received, in order, with its headers and body. */
  received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** The next `times` requests answer this status and error code (with these response headers). */
  failNext(status: number, errorCode: string, times?: number, headers?: Record<string, string>): void;
  /** Moves the fake's clock on: requests past their expiry read EXPIRED. */
  advance(ms: number): void;
  /** Every POST /v3/payment_requests received, in order. */
  receivedV3: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** Every cancel asked for, by payment request id. */
  cancelled: string[];
  /** The payout channels GET /payouts_channels lists (the SDK's Channel); tests take some away. */
  payoutChannels: Record<string, unknown>[];
  /** The payment request made under a reference (v2 or v3) as Xendit would answer it now. */
  requestOf(referenceId: string): Record<string, unknown> | undefined;
  /** The next `times` requests get no answer for `ms` (longer than the client waits). */
  delayNext(ms: number, times?: number): void;
  /** The callback Xendit sends for a payment request made here: `payment.succeeded` or `payment.failed`. */
  callbackFor(
    referenceId: string,
    event: 'payment.succeeded' | 'payment.failed' | V3PaymentEvent,
    overrides?: Record<string, unknown>,
  ): string;
  /** Every POST /v2/payouts received, in order, with its headers and body. */
  receivedPayouts: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** The payouts made here (one per idempotency key), as Xendit would list them. */
  payouts(): Record<string, unknown>[];
  /**
   * How GET /v2/payouts answers: a bare list (Xendit's documentation), a page `{ data, has_more,
   * links }` (its SDK's model), or a page without the payouts made here (not listed yet).
   */
  payoutLookup: 'list' | 'page' | 'not-yet';
  /**
   * The payout webhook Xendit sends for a payout made here: `payout.succeeded`, or `payout.failed`
   * with a failure code (default INVALID_DESTINATION).
   */
  payoutCallbackFor(
    referenceId: string,
    event:
      | 'payout.succeeded'
      | 'payout.failed'
      | 'payout.reversed'
      | 'v3_payout.succeeded'
      | 'v3_payout.failed'
      | 'v3_payout.reversed',
    overrides?: Record<string, unknown>,
  ): string;
  /**
   * Puts a transaction in the account's List Transactions (GET /transactions), as Xendit's
   * Transaction object; the same reference and type replaces it. A payment's callback and a
   * payout's webhook made here record theirs.
   */
  recordTransaction(transaction: {
    reference_id: string;
    type: 'PAYMENT' | 'DISBURSEMENT';
    status: string;
    amount: number;
    created?: string;
  }): void;
  /** The List Transactions rows themselves, for a test to spoil one (a null reference_id). */
  transactionRows: Record<string, unknown>[];
  close(): Promise<void>;
}

export const FAKE_SECRET_KEY = 'xnd_development_fake_secret_key';

type Scripted =
  | { kind: 'fail'; status: number; errorCode: string; headers?: Record<string, string> | undefined }
  | { kind: 'delay'; ms: number };

/** The channels a Philippine account offers for payouts (GET /payouts_channels), as the SDK's Channel. */
const PH_PAYOUT_CHANNELS = [
  ['PH_GCASH', 'EWALLET', 'GCash'],
  ['PH_PAYMAYA', 'EWALLET', 'Maya'],
  ['PH_BDO', 'BANK', 'Banco de Oro'],
  ['PH_BPI', 'BANK', 'Bank of the Philippine Islands'],
  ['PH_MET', 'BANK', 'Metropolitan Bank and Trust'],
  ['PH_LBP', 'BANK', 'Land Bank of the Philippines'],
  ['PH_PNB', 'BANK', 'Philippine National Bank'],
  ['PH_SEC', 'BANK', 'Security Bank'],
  ['PH_UBP', 'BANK', 'Union Bank of the Philippines'],
  ['PH_RCBC', 'BANK', 'Rizal Commercial Banking Corporation'],
  ['PH_CBC', 'BANK', 'China Banking Corporation'],
  ['PH_EWB', 'BANK', 'EastWest Bank'],
  ['PH_DBP', 'BANK', 'Development Bank of the Philippines'],
  ['PH_PSB', 'BANK', 'Philippine Savings Bank'],
].map(([code, category, name]) => ({
  channel_code: code,
  channel_category: category,
  currency: 'PHP',
  channel_name: name,
  amount_limits: { minimum: 1, maximum: category === 'EWALLET' ? 100_000 : 50_000, minimum_increment: 0.01 },
}));

/** Statuses of a payment request that can still be paid. */
const OPEN = new Set(['PENDING', 'REQUIRES_ACTION']);

/**
 * `replays`: a reused key with the same body answers the first reply again (true, the default)
 * or is refused with 409 DUPLICATE_ERROR like any reuse (false); the adapter must work with both.
 */
export async function startFakeXendit(
  secretKey = FAKE_SECRET_KEY,
  options: { replays?: boolean } = {},
): Promise<FakeXendit> {
  const replays = options.replays ?? true;
  let skewMs = 0;
  const clockNow = () => new Date(Date.now() + skewMs);
  /** Every payment request made here, by id: its reply (v2 or v3), when it expires, and its status now. */
  const requests = new Map<string, { reply: Record<string, unknown>; expiresAtMs: number; status: string }>();
  const receivedV3: FakeXendit['receivedV3'] = [];
  const cancelled: string[] = [];
  const v3ByKey = new Map<string, { body: string; id: string }>();
  /** The request as Xendit answers it now: an open one past its expiry reads EXPIRED. */
  function current(id: string): Record<string, unknown> | undefined {
    const held = requests.get(id);
    if (!held) return undefined;
    if (OPEN.has(held.status) && clockNow().getTime() >= held.expiresAtMs) held.status = 'EXPIRED';
    return { ...held.reply, status: held.status };
  }
  const idOf = (reply: Record<string, unknown>) => (reply.payment_request_id ?? reply.id) as string;
  const received: FakeXendit['received'] = [];
  const script: Scripted[] = [];
  const byKey = new Map<string, { body: string; reply: Record<string, unknown> }>();
  const receivedPayouts: FakeXendit['receivedPayouts'] = [];
  const payoutsByKey = new Map<string, { body: string; reply: Record<string, unknown> }>();
  let counter = 0;
  const transactions: Record<string, unknown>[] = [];

  function recordTransaction(t: {
    reference_id: string;
    type: 'PAYMENT' | 'DISBURSEMENT';
    status: string;
    amount: number;
    created?: string;
  }) {
    const created = t.created ?? new Date().toISOString();
    const same = transactions.findIndex((x) => x.reference_id === t.reference_id && x.type === t.type);
    const previous = same >= 0 ? transactions[same] : undefined;
    counter += 1;
    const row = {
      id: (previous?.id as string | undefined) ?? `txn_${String(counter).padStart(8, '0')}-fake`,
      product_id: `${t.type === 'PAYMENT' ? 'py' : 'disb'}-${t.reference_id}`,
      type: t.type,
      status: t.status,
      channel_category: t.type === 'PAYMENT' ? 'EWALLET' : 'BANK',
      channel_code: t.type === 'PAYMENT' ? 'GCASH' : 'PH_GCASH',
      reference_id: t.reference_id,
      account_identifier: null,
      currency: 'PHP',
      amount: t.amount,
      cashflow: t.type === 'PAYMENT' ? 'MONEY_IN' : 'MONEY_OUT',
      settlement_status: t.type === 'PAYMENT' ? 'SETTLED' : null,
      estimated_settlement_time: null,
      business_id: '5f27a14a9bf05c73dd040bc8',
      created: (previous?.created as string | undefined) ?? created,
      updated: new Date().toISOString(),
      fee: {
        xendit_fee: 0,
        value_added_tax: 0,
        xendit_withholding_tax: 0,
        third_party_withholding_tax: 0,
        status: 'COMPLETED',
      },
    };
    if (same >= 0) transactions[same] = row;
    else transactions.push(row);
  }

  /** GET /transactions: List Transactions, filtered and paged as documented, ordered by created date. */
  function listTransactions(url: URL) {
    const types = url.searchParams.getAll('types');
    const statuses = url.searchParams.getAll('statuses');
    const reference = url.searchParams.get('reference_id');
    const gte = url.searchParams.get('created[gte]');
    const lte = url.searchParams.get('created[lte]');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50)
      return { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'limit must be between 1 and 50' } };
    const rows = transactions
      .filter((t) => types.length === 0 || types.includes(t.type as string))
      .filter((t) => statuses.length === 0 || statuses.includes(t.status as string))
      .filter((t) => reference === null || (t.reference_id as string).includes(reference))
      .filter((t) => gte === null || Date.parse(t.created as string) >= Date.parse(gte))
      .filter((t) => lte === null || Date.parse(t.created as string) <= Date.parse(lte))
      .sort((a, b) => Date.parse(a.created as string) - Date.parse(b.created as string));
    const afterId = url.searchParams.get('after_id');
    const start = afterId === null ? 0 : rows.findIndex((t) => t.id === afterId) + 1;
    const data = rows.slice(start, start + limit);
    const hasMore = start + limit < rows.length;
    const last = data.at(-1);
    const links =
      hasMore && last
        ? [{ href: `/transactions?limit=${limit}&after_id=${last.id as string}`, rel: 'next', method: 'GET' }]
        : [];
    return { status: 200, body: { has_more: hasMore, data, links } };
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  function replyFor(body: Record<string, unknown>): Record<string, unknown> {
    counter += 1;
    const id = `pr-${String(counter).padStart(8, '0')}-fake`;
    const method = body.payment_method as {
      type: string;
      ewallet?: unknown;
      over_the_counter?: unknown;
      qr_code?: unknown;
    };
    const now = clockNow();
    const expiresAt = new Date(now.getTime() + 72 * 3600 * 1000).toISOString();
    const base = {
      id,
      reference_id: body.reference_id,
      amount: body.amount,
      currency: 'PHP',
      country: 'PH',
      created: now.toISOString(),
      updated: now.toISOString(),
      business_id: '5f27a14a9bf05c73dd040bc8',
    };
    if (method.type === 'EWALLET') {
      const ewallet = method.ewallet as { channel_code: string; channel_properties: Record<string, unknown> };
      return {
        ...base,
        status: 'REQUIRES_ACTION',
        payment_method: {
          id: `pm-${counter}`,
          type: 'EWALLET',
          reusability: 'ONE_TIME_USE',
          status: 'ACTIVE',
          ewallet,
        },
        actions: [
          {
            action: 'AUTH',
            url_type: 'WEB',
            method: 'GET',
            url: `https://ewallet-mock-connector.xendit.co/v1/ewallet_connector/checkouts?token=${id}`,
          },
          {
            action: 'AUTH',
            url_type: 'MOBILE',
            method: 'GET',
            url: `https://ewallet-mock-connector.xendit.co/v1/ewallet_connector/checkouts?token=${id}&mobile=1`,
          },
        ],
      };
    }
    if (method.type === 'OVER_THE_COUNTER') {
      const otc = method.over_the_counter as { channel_code: string; channel_properties: Record<string, unknown> };
      return {
        ...base,
        status: 'PENDING',
        actions: [],
        payment_method: {
          id: `pm-${counter}`,
          type: 'OVER_THE_COUNTER',
          reusability: 'ONE_TIME_USE',
          status: 'ACTIVE',
          over_the_counter: {
            amount: body.amount,
            currency: 'PHP',
            channel_code: otc.channel_code,
            channel_properties: {
              ...otc.channel_properties,
              payment_code: `XND${String(700000 + counter)}`,
              expires_at: expiresAt,
            },
          },
        },
      };
    }
    const qr = method.qr_code as { channel_code: string };
    return {
      ...base,
      status: 'PENDING',
      actions: [],
      payment_method: {
        id: `pm-${counter}`,
        type: 'QR_CODE',
        reusability: 'ONE_TIME_USE',
        status: 'ACTIVE',
        qr_code: {
          channel_code: qr.channel_code,
          channel_properties: { qr_string: `00020101021228QRPH${id}`, expires_at: expiresAt },
        },
      },
    };
  }

  /** POST /v2/payouts: a payout to a bank or e-wallet account, ACCEPTED; its outcome comes by webhook. */
  async function createPayout(req: IncomingMessage, res: ServerResponse, raw: string, expected: string, v3 = false) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { error_code: 'INVALID_JSON_FORMAT', message: 'Invalid JSON' });
    }
    receivedPayouts.push({ headers: req.headers, body });
    const next = script.shift();
    if (next?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, next.ms));
    if (next?.kind === 'fail')
      return send(
        res,
        next.status,
        { error_code: next.errorCode, message: `Scripted ${next.errorCode}` },
        next.headers,
      );
    if (req.headers.authorization !== expected)
      return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    if (v3 && typeof req.headers['api-version'] !== 'string')
      return send(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'api-version header is required' });
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 100) {
      return send(res, 400, {
        error_code: 'API_VALIDATION_ERROR',
        message: 'Idempotency-key header is required (1 to 100 characters)',
      });
    }
    const props = body.channel_properties as { account_number?: unknown; account_holder_name?: unknown } | undefined;
    if (
      typeof body.reference_id !== 'string' ||
      typeof body.channel_code !== 'string' ||
      typeof body.amount !== 'number' ||
      body.currency !== 'PHP' ||
      typeof props?.account_number !== 'string' ||
      typeof props.account_holder_name !== 'string'
    ) {
      return send(res, 400, {
        error_code: 'API_VALIDATION_ERROR',
        message: 'reference_id, channel_code, channel_properties, amount and currency are required',
      });
    }
    if (!fake.payoutChannels.some((c) => c.channel_code === body.channel_code))
      return send(res, 400, {
        error_code: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
        message: 'Channel code is not supported',
      });
    if (Math.round(body.amount * 100) !== body.amount * 100 || body.amount < 1) {
      return send(res, 400, {
        error_code: 'RECIPIENT_AMOUNT_ERROR',
        message: 'Amount is below the minimum or has more than 2 decimals',
      });
    }
    const seen = payoutsByKey.get(key);
    if (seen && (seen.body !== raw || !replays))
      return send(res, 409, { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key has been used before' });
    if (seen) return send(res, 200, seen.reply);
    counter += 1;
    const now = clockNow();
    const reply = {
      id: `disb-${String(counter).padStart(8, '0')}-fake`,
      amount: body.amount,
      channel_code: body.channel_code,
      currency: 'PHP',
      description: body.description,
      reference_id: body.reference_id,
      status: 'ACCEPTED',
      created: now.toISOString(),
      updated: now.toISOString(),
      estimated_arrival_time: new Date(now.getTime() + 15 * 60 * 1000).toISOString(),
      business_id: '6018306aa16ad90cb3c43ba7',
      channel_properties: props,
      ...(body.metadata ? { metadata: body.metadata } : {}),
    };
    payoutsByKey.set(key, { body: raw, reply });
    return send(res, 200, reply);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/payment_requests') {
      if (req.headers.authorization !== expected)
        return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
      const referenceId = url.searchParams.get('reference_id');
      const data = [...byKey.values()]
        .map((v) => v.reply)
        .filter((r) => referenceId === null || r.reference_id === referenceId);
      return send(res, 200, { data, has_more: false });
    }
    const authorized = req.headers.authorization === expected;
    const v3 = url.pathname.startsWith('/v3/');
    if (
      !authorized &&
      (url.pathname.startsWith('/v3/') ||
        url.pathname.startsWith('/payment_requests/') ||
        url.pathname === '/payouts_channels')
    )
      return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    if (v3 && typeof req.headers['api-version'] !== 'string')
      return send(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'api-version header is required' });
    if (req.method === 'GET' && url.pathname === '/payouts_channels') return send(res, 200, fake.payoutChannels);
    const byId = /^\/(?:v3\/)?payment_requests\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (byId?.[1]) {
      const id = decodeURIComponent(byId[1]);
      const now = current(id);
      if (!now || (v3 && !('payment_request_id' in now)))
        return send(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payment request not found' });
      if (req.method === 'GET' && !byId[2]) return send(res, 200, now);
      if (req.method === 'POST' && byId[2] && v3) {
        const held = requests.get(id);
        if (!held || !OPEN.has(held.status))
          return send(res, 409, {
            error_code: 'INVALID_PAYMENT_REQUEST_STATUS',
            message: `Payment request is ${held?.status}`,
          });
        held.status = 'CANCELED';
        cancelled.push(id);
        return send(res, 200, current(id));
      }
    }
    if (req.method === 'POST' && url.pathname === '/v3/payment_requests') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Invalid JSON' });
      }
      receivedV3.push({ headers: req.headers, body });
      const next = script.shift();
      if (next?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, next.ms));
      if (next?.kind === 'fail')
        return send(
          res,
          next.status,
          { error_code: next.errorCode, message: `Scripted ${next.errorCode}` },
          next.headers,
        );
      const problem = v3BodyProblem(body);
      if (problem) return send(res, 400, { error_code: 'API_VALIDATION_ERROR', message: problem });
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') {
        const seen = v3ByKey.get(key);
        if (seen && (seen.body !== raw || !replays))
          return send(res, 409, { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key has been used before' });
        if (seen) return send(res, 201, current(seen.id));
      }
      counter += 1;
      const id = `pr-${String(counter).padStart(8, '0')}-fake-v3`;
      const reply = v3ReplyFor(body, id, counter, clockNow());
      requests.set(id, {
        reply,
        status: 'REQUIRES_ACTION',
        expiresAtMs: clockNow().getTime() + lifetimeMsOf(body.channel_code as string),
      });
      if (typeof key === 'string') v3ByKey.set(key, { body: raw, id });
      return send(res, 201, reply);
    }
    if (req.method === 'POST' && url.pathname === '/v3/payouts') return createPayout(req, res, raw, expected, true);
    if (req.method === 'GET' && (url.pathname === '/v2/payouts' || url.pathname === '/v3/payouts')) {
      // Get Payouts by Reference ID: the payouts made under it, in the shape the test chose.
      if (req.headers.authorization !== expected)
        return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
      const referenceId = url.searchParams.get('reference_id');
      const made = [...payoutsByKey.values()].map((v) => v.reply).filter((r) => r.reference_id === referenceId);
      if (fake.payoutLookup === 'list') return send(res, 200, made);
      const data = fake.payoutLookup === 'page' ? made : [];
      // The SDK's GetPayouts200Response: `links` is one link object.
      return send(res, 200, {
        data,
        has_more: false,
        links: { href: `${url.pathname}?reference_id=${referenceId}`, rel: 'self', method: 'GET' },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v2/payouts') return createPayout(req, res, raw, expected);
    if (req.method === 'GET' && url.pathname === '/transactions') {
      if (req.headers.authorization !== expected)
        return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
      const listed = listTransactions(url);
      return send(res, listed.status, listed.body);
    }
    if (req.method !== 'POST' || req.url !== '/payment_requests')
      return send(res, 404, { error_code: 'NOT_FOUND', message: 'Not found' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Invalid JSON' });
    }
    received.push({ headers: req.headers, body });
    const next = script.shift();
    if (next?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, next.ms));
    if (next?.kind === 'fail')
      return send(
        res,
        next.status,
        { error_code: next.errorCode, message: `Scripted ${next.errorCode}` },
        next.headers,
      );
    if (req.headers.authorization !== expected)
      return send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    const method = body.payment_method as { type?: unknown } | undefined;
    if (
      typeof body.reference_id !== 'string' ||
      typeof body.amount !== 'number' ||
      body.currency !== 'PHP' ||
      !method ||
      typeof method.type !== 'string'
    ) {
      return send(res, 400, {
        error_code: 'API_VALIDATION_ERROR',
        message: 'reference_id, amount, currency and payment_method are required',
      });
    }
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') {
      const seen = byKey.get(key);
      if (seen && (seen.body !== raw || !replays)) {
        return send(res, 409, { error_code: 'DUPLICATE_ERROR', message: 'Idempotency key has been used before' });
      }
      if (seen) return send(res, 201, current(seen.reply.id as string) ?? seen.reply);
    }
    const reply = replyFor(body);
    const method2 = body.payment_method as Record<string, { channel_code?: string } | undefined>;
    const code2 = method2.ewallet?.channel_code ?? method2.over_the_counter?.channel_code ?? 'QRPH';
    requests.set(reply.id as string, {
      reply,
      status: reply.status as string,
      expiresAtMs: clockNow().getTime() + lifetimeMsOf(code2),
    });
    if (typeof key === 'string') byKey.set(key, { body: raw, reply });
    return send(res, 201, reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error_code: 'SERVER_ERROR', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeXendit = {
    url: `http://127.0.0.1:${port}`,
    payoutLookup: 'list',
    received,
    receivedV3,
    cancelled,
    payoutChannels: PH_PAYOUT_CHANNELS.map((c) => ({ ...c })),
    advance(ms) {
      skewMs += ms;
    },
    requestOf(referenceId) {
      const held = [...requests.values()].filter((r) => r.reply.reference_id === referenceId).at(-1);
      return held ? current(idOf(held.reply)) : undefined;
    },
    failNext(status, errorCode, times = 1, headers) {
      for (let i = 0; i < times; i += 1) script.push({ kind: 'fail', status, errorCode, headers });
    },
    delayNext(ms, times = 1) {
      for (let i = 0; i < times; i += 1) script.push({ kind: 'delay', ms });
    },
    callbackFor(referenceId, event, overrides = {}) {
      const latest = [...requests.values()].filter((r) => r.reply.reference_id === referenceId).at(-1);
      const made = latest?.reply;
      if (!latest || !made) throw new Error(`no payment request for ${referenceId}`);
      const paidAt = clockNow().toISOString();
      const succeeded = event === 'payment.succeeded' || event === 'payment.capture';
      latest.status = succeeded ? 'SUCCEEDED' : event === 'payment_request.expiry' ? 'EXPIRED' : 'FAILED';
      if (succeeded)
        recordTransaction({
          reference_id: referenceId,
          type: 'PAYMENT',
          status: 'SUCCESS',
          amount: (made.amount ?? made.request_amount) as number,
          created: paidAt,
        });
      if (event !== 'payment.succeeded' && event !== 'payment.failed')
        return v3CallbackFor(made, event, paidAt, overrides);
      return JSON.stringify({
        event,
        business_id: '5f27a14a9bf05c73dd040bc8',
        created: paidAt,
        data: {
          id: `py-${made.id as string}-${event}`,
          payment_request_id: made.id,
          reference_id: referenceId,
          amount: made.amount,
          currency: 'PHP',
          country: 'PH',
          status: event === 'payment.succeeded' ? 'SUCCEEDED' : 'FAILED',
          ...(event === 'payment.failed' ? { failure_code: 'EXPIRED' } : {}),
          payment_method: made.payment_method,
          created: paidAt,
          updated: paidAt,
          ...overrides,
        },
      });
    },
    receivedPayouts,
    payouts: () => [...payoutsByKey.values()].map((v) => v.reply),
    recordTransaction,
    transactionRows: transactions,
    payoutCallbackFor(referenceId, event, overrides = {}) {
      const made = [...payoutsByKey.values()].map((v) => v.reply).find((r) => r.reference_id === referenceId);
      if (!made) throw new Error(`no payout for ${referenceId}`);
      const at = clockNow().toISOString();
      const succeeded = event.endsWith('payout.succeeded');
      const reversed = event.endsWith('payout.reversed');
      recordTransaction({
        reference_id: referenceId,
        type: 'DISBURSEMENT',
        status: succeeded ? 'SUCCESS' : reversed ? 'REVERSED' : 'FAILED',
        amount: made.amount as number,
      });
      return JSON.stringify({
        event,
        business_id: made.business_id,
        created: at,
        data: {
          ...made,
          status: succeeded ? 'SUCCEEDED' : reversed ? 'REVERSED' : 'FAILED',
          ...(succeeded ? {} : { failure_code: reversed ? 'REVERSED' : 'INVALID_DESTINATION' }),
          updated: at,
          ...overrides,
        },
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return fake;
}
