import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../../shared/contracts/back-office-audit-log';
import { PAYOUT_STATUSES } from '../../../../shared/contracts/payouts';
import { callsOf } from '../../../http/register-call';
import { buildTestApp } from '../../../test/test-app';
import { auditSentence } from './audit-sentences';

const SERVER = join(import.meta.dirname, '../../../..', 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every action the server writes to the audit log by name: the `action: '…'` strings of the files
 * that call writeAudit (and the names those files keep in constants), the payout callbacks'
 * `payouts.<status>`, and every staff POST call (the staff hook writes one entry per accepted call,
 * named for the call).
 */
function writtenActions(staffPosts: readonly string[]): string[] {
  const names = new Set<string>(staffPosts);
  const sources = sourceFiles(SERVER).map((file) => readFileSync(file, 'utf8'));
  const constants = new Map<string, string>();
  for (const source of sources)
    for (const [, constant, name] of source.matchAll(/const ([A-Z_]+) = '([a-zA-Z]+\.[a-zA-Z]+)'/g))
      constants.set(constant!, name!);
  for (const source of sources) {
    if (!source.includes('writeAudit(')) continue;
    for (const [, name] of source.matchAll(/action:\s*'([a-zA-Z]+\.[a-zA-Z]+)'/g)) names.add(name!);
    for (const [, constant] of source.matchAll(/action:\s*([A-Z_]+)\b/g)) {
      const name = constants.get(constant!);
      if (!name) throw new Error(`audit action constant ${constant} not found`);
      names.add(name);
    }
    if (source.includes('`payouts.${')) for (const status of PAYOUT_STATUSES) names.add(`payouts.${status}`);
  }
  return [...names].sort();
}

const t = await buildTestApp();
const staffPosts = callsOf(t.app)
  .filter((call) => call.staffRole !== undefined && call.method === 'POST')
  .map((call) => call.name);
// Payout statuses a callback never writes (only succeeded, failed and anomalies come from the provider).
const NOT_FROM_CALLBACKS = new Set([
  'payouts.requested',
  'payouts.approved',
  'payouts.accepted',
  'payouts.rejected',
  'payouts.reversed',
]);
const actions = writtenActions(staffPosts).filter((name) => !NOT_FROM_CALLBACKS.has(name));
const row = (action: string) => ({
  id: 1,
  actor: 'ana@hiram.test',
  action,
  entity: 'order',
  entityId: '80',
  before: null,
  after: {},
  at: new Date(),
});
const names = { staff: new Map([['ana@hiram.test', 'Ana Admin']]), orders: new Map([['80', 'HRM00000080']]) };

describe('every audited action reads as a sentence', () => {
  it('finds the actions the server writes (the scan is not empty)', () => {
    expect(actions).toContain('exports.download');
    expect(actions).toContain('staffAuth.loginFailed');
    expect(actions).toContain('operatorLoans.approve');
    expect(actions.length).toBeGreaterThan(40);
  });

  it.each(actions)('%s has words in the audit log and its filter', (action) => {
    expect(AUDIT_ACTIONS as Record<string, string>).toHaveProperty([action]);
    const sentence = auditSentence(row(action), names);
    expect(sentence).not.toContain('made a change');
    expect(sentence).not.toContain(action);
    expect(/^(Ana Admin|The |A )/.test(sentence)).toBe(true);
  });
});
