import type { FastifyInstance } from 'fastify';
import { auditLogSearch } from '../../../../shared/contracts/back-office-audit-log';
import { mayReadAuditLog } from '../audit/audit-export-route';
import { borrowerSearch, borrowerView } from '../../../../shared/contracts/back-office-borrowers';
import type { AppContext } from '../../../app-context';
import { registerCall } from '../../../http/register-call';
import { recorded } from '../../../privacy/access-log';
import { readableAudit } from '../audit/audit-trail';
import { searchBorrowerPage } from './borrower-search';
import { borrowerView as viewOf } from './borrower-view';

/** The borrower view from every desk, and the audit log read as sentences. */
export function borrowerRoutes(app: FastifyInstance, { db }: Pick<AppContext, 'db'>): void {
  registerCall(app, borrowerSearch, async (query) => searchBorrowerPage(db, query));
  registerCall(app, borrowerView, async ({ borrowerId }, { req }) =>
    recorded(
      db,
      req,
      'borrower view',
      viewOf(db, borrowerId, {
        fullAccounts: req.staff?.roles.includes('finance') ?? false,
        application: req.staff?.roles.includes('credit') ?? false,
      }),
      borrowerId,
    ),
  );
  registerCall(app, auditLogSearch, async (filter, { req }) => {
    await mayReadAuditLog(db, req);
    return readableAudit(db, filter);
  });
}
