import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { buildApp } from '../app';
import { auditLog } from '../db/schema';
import { staffHeader } from '../test/staff-support';
import { buildTestApp } from '../test/test-app';
import { OPERATOR_CALLS } from './operator-scope';

const OPERATOR_TOKEN = 'operator-scope-test-token-0123456789';
const operator = { authorization: `Operator ${OPERATOR_TOKEN}` };
const t = await buildTestApp({ env: { OPERATOR_TOKEN } });

interface StaffRoute {
  method: string;
  url: string;
  callName: string | undefined;
}

/** Every staff route the app registers, read as it registers them (a second app on the same database). */
async function staffRoutes(): Promise<StaffRoute[]> {
  const found: StaffRoute[] = [];
  const app = await buildApp(t.config, {
    db: t.database.db,
    serveWeb: false,
    onRoute: ({ method, url, config }) => {
      const route = (config ?? {}) as { staffRole?: string; callName?: string };
      if (!route.staffRole) return;
      for (const m of [method].flat()) if (m !== 'HEAD') found.push({ method: m, url, callName: route.callName });
    },
  });
  await app.close();
  return found;
}

const routes = await staffRoutes();
/** A concrete address for a route pattern: every parameter and wildcard filled with something plain. */
const addressOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

/** Calls that would hand a leaked script credential staff administration, a four-eyes half, or borrower records. */
const NEVER =
  /staff|approve|reject|manualPayment|payout|writeOff|reverse|refund|borrower|complaint|collections|audit|creditTransfer|resolve|catalogue|product|application|files/i;

describe('the operator token reaches only the automation calls it exists for', () => {
  it('finds the staff calls to sweep (the allow-list names only registered calls)', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = new Set(routes.map((route) => route.callName));
    for (const name of Object.keys(OPERATOR_CALLS)) expect(names, name).toContain(name);
    for (const name of Object.keys(OPERATOR_CALLS)) expect(name).not.toMatch(NEVER);
  });

  it('every other staff call is refused with 403 before its input is read, and the refusal is audited', async () => {
    const answered: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: `/owner${addressOf(route.url).replace(/^\/owner/, '')}`,
        headers: operator,
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      const label = `${route.method} ${route.url} (${route.callName ?? 'no call name'})`;
      if (route.callName && Object.hasOwn(OPERATOR_CALLS, route.callName)) {
        expect(res.statusCode, label).not.toBe(403);
        expect(res.statusCode, label).not.toBe(401);
        answered.push(route.callName);
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toMatchObject({
          code: Code.FORBIDDEN,
          message: expect.stringMatching(/operator token/),
        });
      }
    }
    expect(new Set(answered)).toEqual(new Set(Object.keys(OPERATOR_CALLS)));
    const refusals = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'operator-token'), eq(auditLog.entity, 'refused')));
    expect(refusals[0]?.n).toBe(routes.length - answered.length);
  });

  it('cannot create an admin, approve a manual payment as the second person, or read the audit log', async () => {
    const save = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/staff/save',
      headers: operator,
      payload: { email: 'sneaky@hiram.test', name: 'Sneaky', roles: ['admin'] },
    });
    expect(save.statusCode).toBe(403);
    const approve = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/loans/manual-payment/approve',
      headers: operator,
      payload: { id: 1 },
    });
    expect(approve.statusCode).toBe(403);
    // A signed-in admin still administers staff: the scope is the token's, not the calls'.
    const admin = await staffHeader(t, ['admin']);
    const list = await t.app.inject({ url: '/owner/admin/staff/list', headers: admin });
    expect(list.json().code).toBe(0);
    expect(JSON.stringify(list.json().data)).not.toContain('sneaky@hiram.test');
  });

  it('reads an aggregate report and the trial balance', async () => {
    const report = await t.app.inject({
      url: '/owner/admin/reports/run?report=par&from=2026-01-01&to=2026-01-31',
      headers: operator,
    });
    expect(report.json().code).toBe(0);
    const balance = await t.app.inject({ url: '/owner/admin/books/trial-balance?date=2026-01-31', headers: operator });
    expect(balance.statusCode).toBe(200);
  });
});
