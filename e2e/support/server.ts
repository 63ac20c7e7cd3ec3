import { inject } from 'vitest';
import { workerNumber } from './worker';
import type { TestSession } from './login';

/** One whole system the browser tests talk to: the server's address and its demo borrower, signed in. */
export interface E2eServer {
  baseUrl: string;
  /** The demo borrower (09170000001, orders 80–86), signed in once by the global setup. */
  demoSession: TestSession;
  /**
   * An overdue loan (disbursed 100 days ago for 91 days) of a borrower of its own, made by the
   * global setup through the demo seed's services, since only time makes a loan overdue: the
   * write-off test's, so no other file's order changes under it.
   */
  overdueLoan: { orderNo: string };
  /**
   * A borrower of the browser tests' own with one order in each state that only time reaches (due
   * within three days, overdue, settled long ago) beside an approved and an active one, so no test
   * addresses the demo data by id; signed in once. Read only: a test that changes an order makes
   * its own.
   */
  timeOrders: TimeOrders;
  /** A loan 4 days overdue of a borrower of its own: the collector's day test pays it (e2e/collector-day.test.ts). */
  collectorLoan: { orderId: number; orderNo: string; phone: string };
}

/** The fixture borrower's orders, by what the tests need of them. */
export interface TimeOrders {
  session: TestSession;
  phone: string;
  /** Approved, not yet paid out (110): the withdraw reminder. */
  approved: number;
  /** Paid out 30 days ago, not yet due (170). */
  active: number;
  /** Paid out 100 days ago for 91 days: nine days overdue (180). */
  overdue: number;
  /** Paid out 89 days ago: due within three days (174), the borrower's current loan. */
  due: number;
  /** Paid off long ago (200): its records, receipt and certificate. */
  settled: number;
  /** A complaint of the borrower's, answered by staff. */
  problemId: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker, each on its own in-memory database with its own demo data. */
    servers: E2eServer[];
    /** The one Chromium of the run, shared by every worker (each test file opens its own contexts). */
    browserEndpoint: string;
  }
}

/** The server of this test file's worker. */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const server = servers[(workerNumber() - 1) % servers.length];
  if (!server) throw new Error('the browser tests have no server: e2e/support/global-setup.ts did not run');
  return server;
}
