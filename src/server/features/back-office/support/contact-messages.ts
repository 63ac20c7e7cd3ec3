import { desc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactMessages } from '../../../db/schema';

const LIST_LIMIT = 200;

export async function listContactMessages(db: Db) {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(LIST_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    phone: m.phone,
    email: m.email,
    remark: m.remark,
    createdAt: m.createdAt.toISOString(),
  }));
}
