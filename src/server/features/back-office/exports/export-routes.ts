import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import { EXPORT_CSV_PATH, EXPORT_ROLES, exportRequest } from '../../../../shared/contracts/back-office-exports';
import type { AppContext } from '../../../app-context';
import { writeAudit } from '../../../audit/audit';
import { AppError } from '../../../http/app-error';
import { csvStream } from './csv';
import { EXPORT_COLUMNS } from './export-columns';
import { exportRows } from './export-rows';

/** The whole book's rows: for the roles that already read the whole book. */
function mayExport(req: FastifyRequest): void {
  const roles = req.staff?.roles ?? [];
  if (!roles.some((role) => EXPORT_ROLES.includes(role)))
    throw new AppError(Code.FORBIDDEN, 'Exports need the finance, admin or auditor role');
}

/**
 * Row-level CSV exports (loan tape, payments, payouts, journal lines, trial balance), streamed in
 * batches as they are read. Each download is itself an audit entry: who took which rows for which dates.
 */
export function exportRoutes(app: FastifyInstance, { db, clock }: Pick<AppContext, 'db' | 'clock'>): void {
  app.get(
    `${API_BASE}${EXPORT_CSV_PATH}`,
    { config: { staffRole: 'signedIn', callName: 'exports.csv' } },
    async (req, reply) => {
      mayExport(req);
      const parsed = exportRequest.safeParse(req.query);
      if (!parsed.success)
        throw new AppError(Code.BAD_REQUEST, parsed.error.issues[0]?.message ?? 'Choose an export and a range');
      const request = parsed.data;
      const today = clock.today();
      await writeAudit(db, {
        staffId: req.staff?.staffId ?? null,
        actor: req.staff?.id ?? 'unknown',
        action: 'exports.download',
        entity: 'export',
        entityId: request.export,
        after: { export: request.export, from: request.from, to: request.to },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="hiram-${request.export}-${request.from}-to-${request.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csvStream(EXPORT_COLUMNS[request.export], exportRows(db, request, today)));
    },
  );
}
