import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../shared/constants';
import * as contract from '../../../shared/contracts/privacy';
import type { AppContext } from '../../app-context';
import { personalDataAccess, retentionRuns } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { replyLocale } from '../../i18n/reply-locale';
import { retentionSchedule } from '../../privacy/retention-schedule';
import { breachList, recordBreach } from './breach';
import { chooseConsent, objectToMarketing } from './consents';
import { readableFile } from './data-file';
import { myDataOf } from './my-data';
import { answerRequest, askForRequest, deskList, logRequest, type PrivacySettings } from './requests';
import { runRetention } from './retention';

/** My data (the borrower's rights) and the privacy desk (role dpo) that answers them (docs/privacy.md). */
export function privacyRoutes(app: FastifyInstance, { db, sms, storage, clock, config }: AppContext): void {
  const settings: PrivacySettings = {
    requestDays: config.PRIVACY_REQUEST_DAYS,
    loanYears: config.PRIVACY_LOAN_RECORDS_YEARS,
  };
  registerCall(app, contract.myData, async (_input, { borrowerId, locale }) => myDataOf(db, borrowerId, locale));
  registerCall(app, contract.askRequest, async (input, { borrowerId }) =>
    askForRequest(db, borrowerId, input, clock.now(), settings),
  );
  registerCall(app, contract.setConsent, async ({ consent, given }, { borrowerId }) =>
    chooseConsent(db, borrowerId, consent, given === '1', clock.now(), settings),
  );
  registerCall(app, contract.objectToMarketing, async (_input, { borrowerId }) =>
    objectToMarketing(db, borrowerId, clock.now(), settings),
  );

  // The download: a machine-readable file (JSON) or a readable one (HTML). Each is logged as an access request answered at once.
  type DownloadRequest = { Querystring: { format?: string } };
  app.get<DownloadRequest>(`${API_BASE}/v3/privacy/download`, { config: { auth: true } }, async (req, reply) => {
    const format = req.query.format ?? 'json';
    if (format !== 'json' && format !== 'html') throw badRequest('format must be json or html', 'format');
    const borrowerId = req.borrowerId ?? 0;
    const now = clock.now();
    await logRequest(db, borrowerId, 'access', { format }, now, settings, `Your data was downloaded (${format}).`);
    const locale = replyLocale(req.headers['accept-language']);
    const data = await myDataOf(db, borrowerId, locale);
    const day = now.toISOString().slice(0, 10);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', `attachment; filename="hiram-my-data-${day}.${format}"`);
    if (format === 'json')
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ madeAt: now.toISOString(), ...data }, null, 2));
    return reply.type('text/html; charset=utf-8').send(readableFile(data, locale, now));
  });

  registerCall(app, contract.deskRequests, async ({ status }) => deskList(db, status));
  registerCall(app, contract.deskAnswer, async (input, { staffId, req }) => {
    const answered = await answerRequest(db, sms, storage, input, staffId, clock.now(), settings);
    req.audit = { entity: 'privacy-request', entityId: input.id, before: null, after: answered };
    return answered;
  });
  registerCall(app, contract.deskAccess, async ({ borrowerId }) => {
    const rows = await db
      .select()
      .from(personalDataAccess)
      .where(borrowerId ? eq(personalDataAccess.borrowerId, borrowerId) : undefined)
      .orderBy(desc(personalDataAccess.at), desc(personalDataAccess.id))
      .limit(200);
    return { list: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
  });
  registerCall(app, contract.deskRetention, async () => {
    const runs = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.runDate)).limit(30);
    return {
      schedule: retentionSchedule(config).map(({ kind, keep, basis, action }) => ({ kind, keep, basis, action })),
      runs: runs.map((r) => ({ runDate: r.runDate, ranAt: r.ranAt.toISOString(), report: r.report })),
    };
  });
  registerCall(app, contract.deskRunRetention, async () => runRetention(db, storage, settings, clock.now()));
  registerCall(app, contract.deskBreaches, async () => breachList(db, clock.now(), config.GRIEVANCE_OFFICER));
  registerCall(app, contract.deskRecordBreach, async (input, { staffId, req }) => {
    const breach = await recordBreach(db, input, staffId, clock.now(), config.GRIEVANCE_OFFICER);
    req.audit = {
      entity: 'breach',
      entityId: breach.id,
      before: null,
      after: { what: breach.what, affected: breach.affected.length },
    };
    return breach;
  });
}
