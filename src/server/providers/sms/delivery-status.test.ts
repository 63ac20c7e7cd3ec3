import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema';
import { createTestDatabase } from '../../test/test-db';
import { refreshDeliveryStatus } from './delivery-status';
import { startFakeSemaphore } from './fake-semaphore';
import { codeMessage } from './messages';
import { semaphoreSmsProvider } from './sms-provider';

const database = await createTestDatabase();
const fake = await startFakeSemaphore();
afterAll(async () => {
  await fake.close();
  await database.close();
});
const log = pino({ level: 'silent' });
const options = { apiKey: 'key-123', senderName: 'HIRAM', baseUrl: fake.baseUrl };
const sms = semaphoreSmsProvider(database.db, log, options);

let n = 0;
async function sent(): Promise<{ id: number; messageId: string }> {
  const phone = `0918444${String(++n).padStart(4, '0')}`;
  await sms.sendCode(phone, codeMessage('login', 'Hiram'), '123456');
  const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
  return { id: row!.id, messageId: row!.providerMessageId! };
}
const age = (id: number, interval: string) =>
  database.db.execute(
    sql`update sms_outbox set updated_at = now() - ${interval}::interval, created_at = now() - ${interval}::interval where id = ${id}`,
  );
const statusOf = async (id: number) =>
  (await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!.status;

describe('Semaphore delivery status read back', () => {
  it('a Pending message becomes what Semaphore later says (Sent, Failed); a final one is not asked again', async () => {
    const arrived = await sent();
    const lost = await sent();
    fake.deliver(arrived.messageId, 'Sent');
    fake.deliver(lost.messageId, 'Failed');
    await age(arrived.id, '2 minutes');
    await age(lost.id, '2 minutes');
    expect(await refreshDeliveryStatus(database.db, options, log)).toBe(2);
    expect(await statusOf(arrived.id)).toBe('Sent');
    expect(await statusOf(lost.id)).toBe('Failed');

    const before = fake.requests.length;
    await age(arrived.id, '2 minutes');
    expect(await refreshDeliveryStatus(database.db, options, log)).toBe(0);
    expect(fake.requests.slice(before).map((r) => r.path)).not.toContainEqual(
      expect.stringContaining(`/messages/${arrived.messageId}`),
    );
  });

  it('a message read less than a minute ago, or sent over a day ago, is left alone', async () => {
    const fresh = await sent();
    const old = await sent();
    fake.deliver(fresh.messageId, 'Sent');
    fake.deliver(old.messageId, 'Sent');
    await age(old.id, '2 days');
    expect(await refreshDeliveryStatus(database.db, options, log)).toBe(0);
    expect(await statusOf(fresh.id)).toBe('Pending');
    expect(await statusOf(old.id)).toBe('Pending');
  });

  it('a 429 ends the round; the message is asked again in a later one', async () => {
    const m = await sent();
    fake.deliver(m.messageId, 'Sent');
    await age(m.id, '2 minutes');
    fake.answer({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '30' } });
    expect(await refreshDeliveryStatus(database.db, options, log)).toBe(0);
    expect(await statusOf(m.id)).toBe('Pending');
    await age(m.id, '2 minutes');
    expect(await refreshDeliveryStatus(database.db, options, log)).toBe(1);
    expect(await statusOf(m.id)).toBe('Sent');
  });
});
