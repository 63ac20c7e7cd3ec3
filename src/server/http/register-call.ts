import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CallDef, CallPayload, CallReply } from '../../shared/api/define-call';
import { API_BASE } from '../../shared/constants';
import { envelopeSchema } from '../../shared/envelope';
import { type ReplyLocale, replyLocale } from '../i18n/reply-locale';
import type { SessionInRead } from './session-in-read';
import { refuseControlCharacters } from './control-chars';
import { fastReplySerializer } from './reply-serializer';

export interface CallContext {
  /** The signed-in borrower; set on every call whose contract says `auth: true`. */
  borrowerId: number;
  /** The staff member on operator calls (contract `staffRole`). */
  staffId: string;
  /** The language of the reader (Accept-Language), for the texts a reply carries. */
  locale: ReplyLocale;
  /** On a call registered with `sessionInRead`: the session its read checks (plugins/session.ts). */
  session: SessionInRead;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallDef> = (input: CallPayload<C>, ctx: CallContext) => Promise<CallReply<C>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the session hook (plugins/session.ts): the route needs a borrower session. */
    auth?: boolean;
  }
  interface FastifyRequest {
    borrowerId: number | null;
  }
}

const registered = new WeakMap<FastifyInstance, CallDef[]>();
const crossChecked = new WeakSet<FastifyInstance>();

/**
 * Every `fastReply` call registered on `app` from now on also prints each reply with zod and
 * fails if the two differ (buildApp: outside production, so every test of such a call checks it).
 */
export function crossCheckFastReplies(app: FastifyInstance): void {
  crossChecked.add(app);
}

/** Every call registered on an app, in order: the reliability tests enumerate them. */
export function callsOf(app: FastifyInstance): readonly CallDef[] {
  return registered.get(app) ?? [];
}

/**
 * Registers one call of the shared contract: the zod payload schema validates the form body
 * (POST) or the query (GET), the reply is shaped into the envelope, and the docs come from both.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  options: {
    sessionInRead?: boolean;
    /**
     * The reply is held to its contract by functions built from the schema instead of zod's
     * encode (http/reply-serializer.ts): the same JSON, unknown fields still left out, faster.
     */
    fastReply?: boolean;
  } = {},
): void {
  const root = app as FastifyInstance;
  registered.set(root, [...(registered.get(root) ?? []), call]);
  const payload = call.method === 'GET' ? { querystring: call.request } : { body: call.request };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: API_BASE + call.path,
    config: { auth: call.auth, staffRole: call.staffRole, callName: call.name, sessionInRead: options.sessionInRead },
    // A call that checks the session in its read hears of bad input after the session hook has.
    attachValidation: options.sessionInRead === true,
    // A POST without a body is an empty form: calls without fields (sign-out) need none.
    // A reply to a session or a sign-in is personal: no browser or proxy keeps it after sign-out.
    onSend: async (req, reply, body) => {
      if (call.method === 'POST' || call.auth || call.staffRole || req.borrowerId || req.staff)
        reply.header('Cache-Control', 'no-store');
      return body;
    },
    preValidation: async (req) => {
      if (call.method === 'POST' && !call.multipart && req.body == null) req.body = {};
      await refuseControlCharacters(req);
    },
    ...(options.fastReply ? { serializerCompiler: fastReplySerializer(crossChecked.has(root)) } : {}),
    schema: {
      summary: call.summary,
      operationId: call.name,
      tags: [call.name.split('.')[0] ?? 'misc'],
      ...(call.multipart ? {} : payload),
      response: { 200: envelopeSchema(call.reply) },
    },
    handler: async (req, reply) => {
      if (req.validationError) throw req.validationError;
      const input = (call.method === 'GET' ? req.query : req.body) as CallPayload<C>;
      const data = await handler(input ?? ({} as CallPayload<C>), {
        borrowerId: req.borrowerId ?? 0,
        staffId: req.staff?.id ?? '',
        // Parsed only by the handlers that write texts (most calls carry none).
        get locale() {
          return replyLocale(req.headers['accept-language']);
        },
        get session() {
          if (!req.sessionInRead) throw new Error(`${call.name} is not registered with sessionInRead`);
          return req.sessionInRead;
        },
        req,
        reply,
      });
      return { code: call.success, data, message: 'success' };
    },
  });
}
