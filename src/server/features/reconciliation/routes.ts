import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/reconciliation';
import type { AppContext } from '../../app-context';
import { registerCall } from '../../http/register-call';
import { assertBusinessDate } from '../../money';
import { findingById, findingRowOf, findingsOf, runOf } from './findings';
import { reconcileDay } from './reconcile';
import { resolveFinding } from './resolve';

/** Finance's reconciliation with the payment provider: run a day, read its findings, resolve each (audited). */
export function reconciliationRoutes(app: FastifyInstance, { db, clock, payments, config }: AppContext): void {
  const { provider } = payments;
  registerCall(app, contract.runReconciliation, async ({ date }, { staffId, req }) => {
    const summary = await reconcileDay(
      db,
      provider,
      { date: date ?? clock.today(), actor: staffId, audit: false },
      clock,
    );
    req.audit = { entity: 'reconciliation', entityId: summary.businessDate, before: null, after: summary };
    const run = await runOf(db, provider.name, summary.businessDate);
    if (!run) throw new Error('reconciliation run not stored');
    return { run, findings: await findingsOf(db, provider.name, summary.businessDate) };
  });
  registerCall(app, contract.reconciliation, async ({ date }) => {
    const businessDate = assertBusinessDate(date ?? clock.today(), clock.today(), { field: 'date' });
    return {
      businessDate,
      run: await runOf(db, provider.name, businessDate),
      findings: await findingsOf(db, provider.name, businessDate),
    };
  });
  registerCall(app, contract.resolveFinding, async ({ findingId, action, note, orderNo }, { staffId, req }) => {
    const before = await findingById(db, findingId);
    const outcome = await resolveFinding(
      db,
      { findingId, action, note, orderNo, actor: staffId },
      clock,
      config.MANUAL_POSTING_TOLERANCE_CENTAVOS,
    );
    const finding = (await findingById(db, findingId)) ?? findingRowOf(outcome.finding, null);
    req.audit = {
      entity: 'reconciliation',
      entityId: findingId,
      before: before ? { kind: before.kind, reference: before.reference, status: before.status } : null,
      after: {
        kind: finding.kind,
        reference: finding.reference,
        orderNo: finding.orderNo,
        status: finding.status,
        resolution: outcome.resolution,
        note,
        ...outcome.booked,
      },
    };
    return { finding };
  });
  const ledger = payments.sandboxLedger;
  if (ledger) {
    registerCall(app, contract.recordSandboxTransaction, async ({ reference, direction, amount, status }, { req }) => {
      const at = clock.now().toISOString();
      ledger.record({ id: `sandbox-${direction}-${reference}`, reference, direction, amount, status, at });
      req.audit = {
        entity: 'reconciliation',
        entityId: reference,
        before: null,
        after: { sandbox: true, reference, direction, amount, status, at },
      };
      return { recorded: true };
    });
  }
}
