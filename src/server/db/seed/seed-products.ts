import { sql } from 'drizzle-orm';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import type { Db } from '../client';
import { productChannels, products } from '../schema';
import { demoProducts } from './demo-products';

/**
 * The demo products (ids 1 to 3), each offering every payment channel: the demo seed's, and
 * those of a test that starts from an empty database and makes its own orders.
 */
export async function seedProducts(db: Pick<Db, 'insert' | 'execute'>): Promise<void> {
  await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), 100)`);
  // architecture.md: Providers: every demo product offers every channel, e-wallets first.
  await db
    .insert(productChannels)
    .values(
      demoProducts.flatMap((p) =>
        PAYMENT_CHANNELS.map((c, position) => ({ productId: p.id, channelNumber: c.channelNumber, position })),
      ),
    );
}
