import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import { AUDIT_CSV_PATH, AUDIT_LOG_ROLES, auditFilter } from '../../../../shared/contracts/back-office-audit-log';
import { formatDate } from '../../../../shared/format/date';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../audit/audit';
import { AppError } from '../../../http/app-error';
import { type CsvColumn, csvStream } from '../exports/csv';
import { changeLine } from './audit-fields';
import { readableAuditBatches } from './audit-trail';

const COLUMNS: CsvColumn[] = [
  { key: 'at', title: 'When (Manila)', kind: 'text' },
  { key: 'actor', title: 'Who', kind: 'text' },
  { key: 'what', title: 'Action', kind: 'text' },
  { key: 'sentence', title: 'What happened', kind: 'text' },
  { key: 'changes', title: 'What changed', kind: 'text' },
  { key: 'id', title: 'Entry', kind: 'count' },
];

/**
 * The audit log is for admins and the auditor. A refusal is written to the log like the staff
 * hook's refusals (entity `refused`, what the caller lacked), then answered 403.
 */
export async function mayReadAuditLog(db: Db, req: FastifyRequest): Promise<void> {
  const roles = req.staff?.roles ?? [];
  if (roles.some((role) => AUDIT_LOG_ROLES.includes(role))) return;
  await writeAudit(db, {
    staffId: req.staff?.staffId ?? null,
    actor: req.staff?.id ?? 'unknown',
    action: req.routeOptions.config.callName ?? `${req.method} ${req.routeOptions.url ?? ''}`,
    entity: 'refused',
    entityId: null,
    after: {
      code: Code.FORBIDDEN,
      needs: AUDIT_LOG_ROLES.join(' or '),
      has: [...roles],
      method: req.method,
      path: req.routeOptions.url ?? null,
      ip: req.ip,
    },
  });
  throw new AppError(Code.FORBIDDEN, 'The audit log needs the admin or auditor role');
}

/** The audit log's entries the filters find, as CSV (admin, auditor), streamed newest first; the download is itself audited. */
export function auditExportRoute(app: FastifyInstance, { db }: Pick<AppContext, 'db'>): void {
  app.get(
    `${API_BASE}${AUDIT_CSV_PATH}`,
    { config: { staffRole: 'signedIn', callName: 'auditLog.export' } },
    async (req, reply) => {
      await mayReadAuditLog(db, req);
      const parsed = auditFilter.safeParse(req.query);
      if (!parsed.success) throw new AppError(Code.BAD_REQUEST, parsed.error.issues[0]?.message ?? 'Check the filters');
      const filter = parsed.data;
      await writeAudit(db, {
        staffId: req.staff?.staffId ?? null,
        actor: req.staff?.id ?? 'unknown',
        action: 'auditLog.export',
        entity: 'auditLog',
        entityId: null,
        after: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)),
      });
      async function* rows() {
        for await (const batch of readableAuditBatches(db, filter))
          yield batch.map((entry) => ({
            ...entry,
            at: formatDate(entry.at, true),
            changes: entry.changes.map(changeLine).join('\n'),
          }));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="hiram-audit-log-${formatDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvStream(COLUMNS, rows()));
    },
  );
}
