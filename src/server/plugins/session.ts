import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/codes';
import type { Db } from '../db/client';
import { appDeviceIdFrom } from '../features/auth/device';
import { resolveSession, type SessionPolicy, tokenFrom } from '../features/auth/session-service';
import { AppError } from '../http/app-error';

/** The session check is one hook for every /owner route whose contract says `auth: true`. */
export function installSessionHook(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  app.decorateRequest('borrowerId', null);
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config.auth) return;
    const token = tokenFrom(req.headers, req.query);
    const borrowerId = token ? await resolveSession(db, token, policy, appDeviceIdFrom(req.query)) : null;
    if (borrowerId === null) {
      throw new AppError(Code.SESSION_EXPIRED, 'Your session has ended. Please sign in again.');
    }
    req.borrowerId = borrowerId;
  });
}
