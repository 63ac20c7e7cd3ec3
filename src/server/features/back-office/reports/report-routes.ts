import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import {
  REPORT_CSV_PATH,
  REPORT_ROLES,
  reportRequest,
  runReport as reportCall,
} from '../../../../shared/contracts/back-office-reports';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { registerCall } from '../../../http/register-call';
import { reportCsv } from '../exports/report-csv';
import { runReport } from './report-queries';

/** Reports are for finance, admin and the auditor: they show the whole book. */
function mayReadReports(req: FastifyRequest): void {
  const roles = req.staff?.roles ?? [];
  if (!roles.some((role) => REPORT_ROLES.includes(role)))
    throw new AppError(Code.FORBIDDEN, 'Reports need the finance, admin or auditor role');
}

/** Reports on screen (an envelope call) and the same rows as a CSV download. */
export function reportRoutes(app: FastifyInstance, { db }: Pick<AppContext, 'db'>): void {
  registerCall(app, reportCall, async (request, { req }) => {
    mayReadReports(req);
    return runReport(db, request);
  });
  app.get(
    `${API_BASE}${REPORT_CSV_PATH}`,
    { config: { staffRole: 'signedIn', callName: 'reports.csv' } },
    async (req, reply) => {
      mayReadReports(req);
      const parsed = reportRequest.safeParse(req.query);
      if (!parsed.success)
        throw new AppError(Code.BAD_REQUEST, parsed.error.issues[0]?.message ?? 'Choose a report and a range');
      const { report, from, to } = parsed.data;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="hiram-${report}-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(await runReport(db, parsed.data)));
    },
  );
}
