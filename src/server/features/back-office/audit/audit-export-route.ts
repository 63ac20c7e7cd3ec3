import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import { AUDIT_CSV_PATH, auditFilter } from '../../../../shared/contracts/back-office-audit-log';
import { formatDate } from '../../../../shared/format/date';
import type { AppContext } from '../../../app-context';
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

/** The audit log's entries the filters find, as CSV (admin), streamed newest first; the download is itself audited. */
export function auditExportRoute(app: FastifyInstance, { db }: Pick<AppContext, 'db'>): void {
  app.get(
    `${API_BASE}${AUDIT_CSV_PATH}`,
    { config: { staffRole: 'admin', callName: 'auditLog.export' } },
    async (req, reply) => {
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
