import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../../shared/contracts/back-office-collections';
import type { AppContext } from '../../../app-context';
import { registerCall } from '../../../http/register-call';
import { manilaClock } from '../../../collections/contact-rules';
import { attemptsOf, type Collector, logContactAttempt } from './collections-attempts';
import { collectorsOn, dealAssignments, markAway } from './collections-assignment';
import { addNote, completeTask, fileOf, makePromise, sendCollectionText, settlePromises } from './collections-file';
import { collectionsQueue } from './collections-queue';

const collectorOf = (req: FastifyRequest): Collector => ({
  staffId: req.staff?.staffId ?? null,
  actor: req.staff?.id ?? 'unknown',
});

/**
 * The collections desk: loans dealt to collectors, the queue and each collector's worklist by
 * bucket, contact attempts and texts under the debt-collection rules, notes, tasks and promises
 * to pay. Out-of-hours consent is the borrower's own (src/server/collections/consent-routes.ts).
 */
export function collectionsRoutes(
  app: FastifyInstance,
  { db, clock, config, sms }: Pick<AppContext, 'db' | 'clock' | 'config' | 'sms'>,
): void {
  const dailyCap = config.COLLECTIONS_DAILY_ATTEMPTS;
  registerCall(app, calls.collectionsQueue, async ({ bucket, mine, page, pageSize }, { req }) => {
    const roles = req.staff?.roles ?? [];
    const now = clock.now();
    await dealAssignments(db, now);
    await settlePromises(db, now);
    const queue = await collectionsQueue(db, now, {
      bucket,
      collectorId: mine ? (req.staff?.staffId ?? null) : undefined,
      dailyCap,
      fullPhones: roles.includes('collections') || roles.includes('finance'),
      page,
      pageSize,
    });
    return { ...queue, collectors: await collectorsOn(db, manilaClock(now).day) };
  });
  registerCall(app, calls.logAttempt, async (input, { req }) => {
    const attempt = await logContactAttempt(db, clock.now(), dailyCap, collectorOf(req), input);
    req.audit = { entity: 'order', entityId: attempt.orderId, before: null, after: attempt };
    return attempt;
  });
  registerCall(app, calls.attemptHistory, async ({ orderId }) => {
    const now = clock.now();
    return { ...(await attemptsOf(db, orderId, now)), ...(await fileOf(db, now, orderId)) };
  });
  registerCall(app, calls.addNote, async (input, { req }) => {
    const note = await addNote(db, clock.now(), collectorOf(req), input);
    req.audit = { entity: 'order', entityId: input.orderId, before: null, after: { ...input, id: note.id } };
    return note;
  });
  registerCall(app, calls.completeTask, async ({ id }, { req }) => {
    const done = await completeTask(db, clock.now(), collectorOf(req), id);
    req.audit = { entity: 'collection-task', entityId: id, before: null, after: done };
    return done;
  });
  registerCall(app, calls.makePromise, async (input, { req }) => {
    const promise = await makePromise(db, clock.now(), collectorOf(req), input);
    req.audit = { entity: 'order', entityId: input.orderId, before: null, after: promise };
    return promise;
  });
  registerCall(app, calls.sendText, async (input, { req }) => {
    const text = await sendCollectionText(
      db,
      sms,
      clock.now(),
      collectorOf(req),
      { dailyCap, appName: config.APP_NAME, publicUrl: config.PUBLIC_URL ?? '' },
      input,
    );
    req.audit = {
      entity: 'order',
      entityId: input.orderId,
      before: null,
      after: { template: input.template, ...text },
    };
    return text;
  });
  registerCall(app, calls.markAway, async (input, { req }) => {
    const moved = await markAway(db, clock.now(), collectorOf(req).actor, input);
    req.audit = { entity: 'staff', entityId: input.staffId, before: null, after: { ...input, moved } };
    return { moved };
  });
}
