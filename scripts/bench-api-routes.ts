/**
 * The routes `npm run bench:api` loads (scripts/bench-api.ts), as a table: adding a route is one
 * line. The first two are bench-only calls that exist only in the bench server
 * (scripts/bench-api-server.ts), never in the app: a no-op, and one row read by primary key (the
 * floor of any call that touches the database, and the reference of the ratios).
 */
import { z } from 'zod';
import { type CallDef, defineCall } from '../src/shared/api/define-call';
import { API_BASE } from '../src/shared/constants';
import * as complaints from '../src/shared/contracts/complaints';
import { loanDetails } from '../src/shared/contracts/loan-details';

/** BENCH ONLY, registered by scripts/bench-api-server.ts and nowhere else. */
export const benchNoop = defineCall({
  name: 'bench.noop',
  method: 'GET',
  path: '/bench/noop',
  auth: false,
  success: 0,
  summary: 'Bench only: answers at once',
  request: z.object({}),
  reply: z.object({}),
});

/** BENCH ONLY: one borrower row by primary key, the way the features read (Drizzle). */
export const benchOneRow = defineCall({
  name: 'bench.oneRow',
  method: 'GET',
  path: '/bench/one-row',
  auth: false,
  success: 0,
  summary: 'Bench only: one row by primary key',
  request: z.object({ id: z.coerce.number().int().positive() }),
  reply: z.object({ id: z.number().int(), phone: z.string() }),
});

/** BENCH ONLY: how many statements the server has sent to the database so far. */
export const benchQueries = defineCall({
  name: 'bench.queries',
  method: 'GET',
  path: '/bench/queries',
  auth: false,
  success: 0,
  summary: 'Bench only: statements sent so far',
  request: z.object({}),
  reply: z.object({ queries: z.number().int() }),
});

/** What the bench server seeded, for payloads. */
export interface BenchDemo {
  borrowerId: number;
  /** The demo borrower's due order (architecture.md: Sessions demo data). */
  orderId: number;
}

export interface BenchRoute {
  name: string;
  call: CallDef;
  payload?: (demo: BenchDemo) => Record<string, string | number>;
  /** Sent with a borrower session (one per connection, as from that many phones). */
  session?: boolean;
}

/** The reference route: every ratio is to it. */
export const REFERENCE = 'one row by primary key';

export const ROUTES: BenchRoute[] = [
  { name: 'no-op', call: benchNoop },
  { name: REFERENCE, call: benchOneRow, payload: (demo) => ({ id: demo.borrowerId }) },
  { name: 'problem-list', call: complaints.problemList, session: true },
  {
    name: 'loan-details',
    call: loanDetails,
    payload: (demo) => ({ productId: 1, orderId: demo.orderId }),
    session: true,
  },
];

/** The request for a route (autocannon's, bench:api-cpu's injection): its contract's method and path, the payload as the web sends it. */
export function requestOf(
  route: BenchRoute,
  demo: BenchDemo,
): { path: string; method: 'GET' | 'POST'; body?: string; headers: Record<string, string> } {
  const payload = new URLSearchParams(Object.entries(route.payload?.(demo) ?? {}).map(([k, v]) => [k, String(v)]));
  const path = `${API_BASE}${route.call.path}`;
  if (route.call.method === 'GET') {
    const qs = payload.toString();
    return { method: 'GET', path: qs ? `${path}?${qs}` : path, headers: {} };
  }
  return {
    method: 'POST',
    path,
    body: payload.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
