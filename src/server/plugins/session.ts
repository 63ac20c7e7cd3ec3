import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes';
import type { Db } from '../db/client';
import { appDeviceIdFrom } from '../features/auth/device';
import {
  hashToken,
  plausibleToken,
  resolveSession,
  type SessionPolicy,
  tokenFrom,
  touchSession,
} from '../features/auth/session-service';
import { AppError } from '../http/app-error';
import type { SessionInRead } from '../http/session-in-read';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the session in its own read (`SessionInRead`); the hook only reads the token. */
    sessionInRead?: boolean;
  }
  interface FastifyRequest {
    sessionInRead: SessionInRead | null;
  }
}

const expired = () => new AppError(Code.SESSION_EXPIRED, 'Your session has ended. Please sign in again.');

/** The session check is one hook for every /owner route whose contract says `auth: true`. */
export function installSessionHook(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  app.decorateRequest('borrowerId', null);
  app.decorateRequest('sessionInRead', null);
  const check = async (req: FastifyRequest) => {
    const token = tokenFrom(req.headers, req.query);
    const borrowerId = token ? await resolveSession(db, token, policy, appDeviceIdFrom(req.query)) : null;
    if (borrowerId === null) throw expired();
    req.borrowerId = borrowerId;
  };
  app.addHook('preValidation', async (req) => {
    const config = req.routeOptions.config;
    if (!config.auth) return;
    if (!config.sessionInRead) return check(req);
    const token = tokenFrom(req.headers, req.query);
    if (!plausibleToken(token)) throw expired();
    req.sessionInRead = {
      tokenHash: hashToken(token),
      idleMinutes: policy.idleMinutes,
      admit: async (row) => {
        if (!row) throw expired();
        await touchSession(db, row, appDeviceIdFrom(req.query));
        req.borrowerId = row.sessionBorrowerId;
        return row.sessionBorrowerId;
      },
    };
  });
  // Such a route keeps its input's refusal until the session is checked (its contract is checked
  // with `attachValidation`): a request without a live session is told so first, as on every route.
  app.addHook('preHandler', async (req) => {
    if (!req.routeOptions.config.sessionInRead || !req.validationError) return;
    await check(req);
    throw req.validationError;
  });
}
