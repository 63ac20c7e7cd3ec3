import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../../shared/api/define-call';
import { API_BASE } from '../../shared/constants';
import { type LoanDetails, loanDetails } from '../../shared/contracts/loan-details';
import { envelopeSchema } from '../../shared/envelope';
import { crossCheckFastReplies, registerCall } from './register-call';
import { replyWriter } from './reply-serializer';

/** A loan details reply as the service builds it, with every optional field. */
const DETAILS: LoanDetails = {
  success: true,
  inside: 1,
  h5Url: '/loanDetail?productId=1&orderId=86',
  loanMarket: 0,
  withdrawTitle: 'On its way',
  withdrawMsg: 'Sent to GCash ••• 1234 by 1 Dec 2026',
  orderId: 86,
  productId: 1,
  orderStatus: 170,
  noticeStatusText: 'Due today',
  noticeDesText: 'Pay before midnight – thank you',
  recProducts: [
    {
      productId: 2,
      name: 'Kaagapay',
      logo: '/logo.png',
      enabled: 1,
      buttonText: 'Apply',
      range: '₱1,000.00 – ₱5,000.00',
      rangeDesc: 'Amount',
      rate: '0.15% interest per day',
      description: '91 days',
    },
  ],
  productName: 'Hiram',
  productLogo: '/hiram.png',
  userOrderDetail: { detail: [{ text: 'Amount due', value: '₱5,683.50' }] },
  isDelay: 1,
  telephone: '+63 2 8000 0001',
  isScore: '0',
  playeduL: 'https://play.google.com/x',
  reyMsg: 'Short of money? Extend',
  KindTipsMsg: 'Pay on time',
  creditNote: 'You have credit',
  creditUse: { toOrderId: 87, button: 'Use it', confirm: 'Use ₱10.00 on HR-87?' },
  cardNeedPop: 0,
  cardPopTitle: 'Bind a card',
  cardPopMsg: 'So we can send your loan',
};

const envelope = envelopeSchema(loanDetails.reply);
const byZod = (value: unknown) => JSON.stringify(z.encode(envelope, value as z.input<typeof envelope>));
const byWriter = (value: unknown) => replyWriter(envelope)(value);

describe('the fast reply writer', () => {
  it('prints a reply as zod does, key for key, with and without the optional fields', () => {
    const full = { code: 0, data: DETAILS, message: 'success' };
    expect(byWriter(full)).toBe(byZod(full));
    const { withdrawTitle, withdrawMsg, KindTipsMsg, creditNote, creditUse, ...bare } = DETAILS;
    const lean = { message: 'success', data: { ...bare, KindTipsMsg: undefined }, code: '00' };
    expect(byWriter(lean)).toBe(byZod(lean));
    expect(JSON.parse(String(byWriter(lean))).data).not.toHaveProperty('KindTipsMsg');
    expect(byWriter({ code: 5, data: null, message: 'no' })).toBe(byZod({ code: 5, data: null, message: 'no' }));
  });

  it('prints awkward strings and numbers as JSON.stringify does', () => {
    const schema = z.object({
      texts: z.array(z.string()),
      numbers: z.array(z.number()),
      maybe: z.array(z.string().optional()),
      flag: z.boolean().nullable(),
    });
    const value = {
      texts: ['say "hi"\\ \n\t', '\u2028\u0000', '\ud800 lone', 'Kumusta ₱1,000 – 😀', ''],
      numbers: [1e21, -0, 5e-7, -12.5, Number.MAX_SAFE_INTEGER],
      maybe: ['a', undefined, 'b'],
      flag: null,
    };
    expect(replyWriter(schema)(value)).toBe(JSON.stringify(z.encode(schema, value)));
    expect(replyWriter(schema)({ ...value, numbers: [Number.NaN] })).toBeTypeOf('symbol');
    expect(replyWriter(schema)({ ...value, numbers: [Number.POSITIVE_INFINITY] })).toBeTypeOf('symbol');
  });

  it('leaves out every field the contract does not name, at every depth', () => {
    const leaky = {
      code: 0,
      message: 'success',
      stack: 'at somewhere',
      data: {
        ...DETAILS,
        borrowerPhone: '09170000001',
        recProducts: [{ ...DETAILS.recProducts[0], internalCost: 12 }],
        userOrderDetail: { detail: [{ text: 'a', value: 'b', tokenHash: 'x' }], loanState: { credit: 1 } },
        creditUse: { ...DETAILS.creditUse, borrowerId: 9 },
      },
    };
    const json = String(byWriter(leaky));
    expect(json).toBe(byZod(leaky));
    for (const field of ['stack', 'borrowerPhone', 'internalCost', 'tokenHash', 'loanState', 'borrowerId'])
      expect(json).not.toContain(field);
  });

  it('does not pass a value that breaks the contract', () => {
    const write = replyWriter(envelope);
    for (const data of [
      { ...DETAILS, orderId: 1.5 },
      { ...DETAILS, orderId: '86' },
      { ...DETAILS, isDelay: 2 },
      { ...DETAILS, isScore: 1 },
      { ...DETAILS, recProducts: {} },
      { ...DETAILS, productName: undefined },
      { ...DETAILS, h5Url: null },
    ]) {
      expect(write({ code: 0, data, message: 'success' })).toBeTypeOf('symbol');
      expect(z.safeEncode(envelope, { code: 0, data, message: 'success' } as never).success).toBe(false);
    }
  });

  it('leaves to zod the kinds of schema it does not write out', () => {
    const schema = z.object({
      id: z.number().int().min(1),
      name: z.string().min(2),
      at: z.iso.date(),
      tags: z.record(z.string(), z.number()),
    });
    const value = { id: 3, name: 'ab', at: '2026-11-28', tags: { a: 1 }, extra: true };
    expect(replyWriter(schema)(value)).toBe(JSON.stringify(z.encode(schema, value)));
    expect(replyWriter(schema)({ ...value, id: 0 })).toBeTypeOf('symbol');
    expect(replyWriter(schema)({ ...value, name: 'a' })).toBeTypeOf('symbol');
  });
});

/** A call that answers whatever the test sets, on an app with the zod compilers as buildApp sets them. */
const probe = defineCall({
  name: 'probe.details',
  method: 'GET',
  path: '/probe/details',
  auth: false,
  success: 0,
  summary: 'Test only',
  request: z.object({}),
  reply: loanDetails.reply,
});
let answer: unknown = DETAILS;
async function appWith(fastReply: boolean, crossCheck: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (crossCheck) crossCheckFastReplies(app);
  registerCall(app, probe, async () => answer as LoanDetails, { fastReply });
  await app.ready();
  return app;
}
const apps = {
  zod: await appWith(false, false),
  fast: await appWith(true, false),
  checked: await appWith(true, true),
};
afterAll(async () => {
  for (const app of Object.values(apps)) await app.close();
});
const replies = async () =>
  Promise.all(
    Object.values(apps).map(async (app) => {
      const res = await app.inject({ method: 'GET', url: `${API_BASE}${probe.path}` });
      return { status: res.statusCode, body: res.body };
    }),
  );

describe('a call registered with fastReply', () => {
  it('answers exactly as the zod serializer does', async () => {
    answer = DETAILS;
    const [zod, fast, checked] = await replies();
    expect(zod?.status).toBe(200);
    expect(fast).toEqual(zod);
    expect(checked).toEqual(zod);
  });

  it('does not let a field outside the contract out', async () => {
    answer = { ...DETAILS, borrowerPhone: '09170000001', recProducts: [{ ...DETAILS.recProducts[0], cost: 1 }] };
    const [zod, fast, checked] = await replies();
    expect(fast?.status).toBe(200);
    expect(fast?.body).not.toContain('borrowerPhone');
    expect(fast?.body).not.toContain('"cost"');
    expect(fast).toEqual(zod);
    expect(checked).toEqual(zod);
  });

  it('fails a reply that breaks its contract as the zod serializer does', async () => {
    answer = { ...DETAILS, orderStatus: 'due' };
    const [zod, fast, checked] = await replies();
    expect(zod?.status).toBe(500);
    expect(fast).toEqual(zod);
    expect(checked).toEqual(zod);
  });

  it('is the route serializer, and with crossCheck prints each reply twice and compares', async () => {
    // A value that reads differently each time: the two printings can only differ if both ran.
    let reads = 0;
    answer = {
      ...DETAILS,
      get reyMsg() {
        reads++;
        return `read ${reads}`;
      },
    };
    const [zod, fast, checked] = await replies();
    expect(zod?.status).toBe(200);
    expect(fast?.status).toBe(200);
    expect(checked?.status).toBe(500);
  });
});
