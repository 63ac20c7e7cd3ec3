import { eq } from 'drizzle-orm';
import { manilaToday } from '../../shared/format/date';
import type { Db } from '../db/client';
import { borrowers } from '../db/schema';
import { type OrderStage, orderAtStage } from '../db/seed/order-at-stage';
import type { IsoDate } from '../domain/loan';
import { newBorrower } from './test-borrowers';

export type { OrderStage } from '../db/seed/order-at-stage';

export interface TestOrder {
  orderId: number;
  /** The contract number, as the desks look an order up. */
  orderNo: string;
  borrowerId: number;
  /** The borrower's mobile number, to sign in as them (`t.login(phone)`). */
  phone: string;
}

export interface TestOrderOptions {
  /** The day the application was made, counted back from `today`: 89 is due, 100 is overdue. */
  daysAgo?: number;
  productId?: number;
  /** Centavos (default ₱5,000.00). */
  amount?: number;
  /** Another order for this borrower instead of a new borrower (the test owns the one-loan rule then). */
  borrowerId?: number;
  fullName?: string;
  today?: IsoDate;
}

/**
 * An order of its own for one test, at `stage` and `daysAgo` old, made through the real services
 * as the demo seed makes its orders; by default for a new borrower with a complete application,
 * since a borrower may hold only one open application or loan. The products must exist (the demo
 * seed's, or seedProducts on an empty database).
 */
export async function orderFor(db: Db, stage: OrderStage, options: TestOrderOptions = {}): Promise<TestOrder> {
  const borrowerId = options.borrowerId ?? (await newBorrower(db, options.fullName));
  const { daysAgo, productId, amount } = options;
  const order = await orderAtStage(db, borrowerId, stage, options.today ?? manilaToday(), {
    daysAgo,
    productId,
    amount,
    actor: 'test',
  });
  const [borrower] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!borrower) throw new Error(`no borrower ${borrowerId}`);
  return { orderId: order.id, orderNo: order.orderNo, borrowerId, phone: borrower.phone };
}
