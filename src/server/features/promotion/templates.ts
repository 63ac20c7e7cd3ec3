import { and, eq } from 'drizzle-orm';
import { storedTemplateData } from '../../../shared/contracts/back-office-catalogue';
import type { PromotionTemplate } from '../../../shared/contracts/promotion';
import type { Db } from '../../db/client';
import { promotionTemplates } from '../../db/schema';
import type { Language } from '../../../shared/language';
import { notFound } from '../../http/app-error';
import { templateIn } from './template-language';

/** spec 001 §7 channel-template: the enabled template's data with its id, in the reader's language. */
export async function getTemplate(db: Db, id: number, language: Language = 'en'): Promise<PromotionTemplate> {
  const row = await db.query.promotionTemplates.findFirst({
    where: and(eq(promotionTemplates.id, id), eq(promotionTemplates.enabled, true)),
  });
  if (!row) throw notFound('This promotion');
  // Stored data is checked on the way out too: a bad row is a fault, not a half-drawn page.
  return { id: row.id, ...templateIn(storedTemplateData.parse(row.data), language) };
}
