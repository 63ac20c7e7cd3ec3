import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { installHealth } from './health';
import { installMetrics } from './metrics-route';
import { installRequestId } from './request-id';

/**
 * What an operator needs of every instance (docs/operations.md): a request id in every log line
 * and reply, liveness and readiness, and the metrics. Installed first, so the id and the timing
 * cover whatever the other hooks do.
 */
export function installOps(app: FastifyInstance, deps: { config: Config; db: Db; clock: Clock }): void {
  installRequestId(app);
  installHealth(app, deps.config, deps.db);
  installMetrics(app, deps.config, deps.db, deps.clock);
}
