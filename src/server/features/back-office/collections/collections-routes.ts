import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../../shared/contracts/back-office-collections';
import type { AppContext } from '../../../app-context';
import { registerCall } from '../../../http/register-call';
import { attemptsOf, type Collector, logContactAttempt, recordContactConsent } from './collections-attempts';
import { collectionsQueue } from './collections-queue';

const collectorOf = (req: FastifyRequest): Collector => ({
  staffId: req.staff?.staffId ?? null,
  actor: req.staff?.id ?? 'unknown',
});

/** The collections desk: the queue by bucket, contact attempts under the debt-collection rules, consents. */
export function collectionsRoutes(
  app: FastifyInstance,
  { db, clock, config }: Pick<AppContext, 'db' | 'clock' | 'config'>,
): void {
  const dailyCap = config.COLLECTIONS_DAILY_ATTEMPTS;
  registerCall(app, calls.collectionsQueue, async ({ bucket }, { req }) => {
    const roles = req.staff?.roles ?? [];
    return collectionsQueue(db, clock.now(), {
      bucket,
      dailyCap,
      fullPhones: roles.includes('collections') || roles.includes('finance'),
    });
  });
  registerCall(app, calls.logAttempt, async (input, { req }) => {
    const attempt = await logContactAttempt(db, clock.now(), dailyCap, collectorOf(req), input);
    req.audit = { entity: 'order', entityId: attempt.orderId, before: null, after: attempt };
    return attempt;
  });
  registerCall(app, calls.recordConsent, async ({ orderId, note }, { req }) => {
    const consent = await recordContactConsent(db, clock.now(), collectorOf(req), orderId, note);
    req.audit = { entity: 'order', entityId: orderId, before: null, after: { consentOutsideHours: true, ...consent } };
    return consent;
  });
  registerCall(app, calls.attemptHistory, async ({ orderId }) => attemptsOf(db, orderId));
}
