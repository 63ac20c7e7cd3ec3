import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers one request with; `hang` never answers (a timeout). */
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> } | 'hang';

export interface FakeSemaphore {
  baseUrl: string;
  /** Every request, in order: the path and the form fields. */
  requests: { path: string; fields: Record<string, string> }[];
  /** Answers for the next requests, in order; when none is left, a documented success. */
  answer(...answers: FakeAnswer[]): void;
  /** What GET /messages/{id} answers for a message from now on (the network's later word). */
  deliver(messageId: string, status: string): void;
  close(): Promise<void>;
}

let nextId = 200_000;

/** A documented success for a form: one message object per recipient (and `code` from /otp). */
export function semaphoreSuccess(path: string, fields: Record<string, string>, status = 'Pending') {
  const code = fields.code ?? '';
  const text = path.endsWith('/otp') ? (fields.message ?? '').split('{otp}').join(code) : fields.message;
  return [
    {
      message_id: nextId++,
      user_id: 1,
      user: 'ops@hiram.ph',
      account_id: 1,
      account: 'Hiram',
      recipient: fields.number,
      message: text,
      ...(path.endsWith('/otp') ? { code: Number(code) } : {}),
      sender_name: fields.sendername ?? 'SEMAPHORE',
      network: 'Globe',
      status,
      type: 'Single',
      source: 'Api',
      created_at: '2026-11-26 10:00:00',
      updated_at: '2026-11-26 10:00:00',
    },
  ];
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * A local stand-in for https://api.semaphore.co/api/v4 (the machines that test have no internet):
 * POST /api/v4/messages and /api/v4/otp with Semaphore's fields; a missing apikey or number is
 * refused as Semaphore does, with field-keyed messages.
 */
export async function startFakeSemaphore(): Promise<FakeSemaphore> {
  const queue: FakeAnswer[] = [];
  const requests: FakeSemaphore['requests'] = [];
  const hanging = new Set<() => void>();
  const statuses = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? '';
    const fields = await formOf(req);
    requests.push({ path, fields });
    const next = queue.shift();
    if (next === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (next) return reply(next.status, next.body, next.headers);
    const retrieve = /^\/api\/v4\/messages\/(\d+)\?(.*)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      if (new URLSearchParams(retrieve[2]).get('apikey') === null) return reply(401, { message: 'Unauthenticated.' });
      const status = statuses.get(retrieve[1]!);
      return status ? reply(200, [{ message_id: Number(retrieve[1]), status }]) : reply(404, { message: 'Not Found' });
    }
    if (req.method !== 'POST' || !/^\/api\/v4\/(messages|otp)$/.test(path)) return reply(404, { message: 'Not Found' });
    if (!fields.apikey) return reply(200, { apikey: ['The apikey field is required.'] });
    if (!fields.number) return reply(200, { number: ['The number field is required.'] });
    const sent = semaphoreSuccess(path, fields);
    statuses.set(String(sent[0]!.message_id), sent[0]!.status);
    return reply(200, sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v4`,
    requests,
    answer: (...answers) => queue.push(...answers),
    deliver: (messageId, status) => statuses.set(messageId, status),
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
