import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { promotionEvents } from '../../db/schema';

export type FunnelEventKind = 'visit' | 'click' | 'register';

/** The campaign a visitor came from (spec 001 §2.2 query parameters). */
export interface Attribution {
  templateId?: number | undefined;
  appFrom?: string | undefined;
  userFrom?: string | undefined;
  utmTag?: string | undefined;
}

export async function recordEvent(
  db: Db,
  kind: FunnelEventKind,
  attribution: Attribution & { clientType?: string | undefined },
): Promise<void> {
  await db.insert(promotionEvents).values({
    kind,
    templateId: attribution.templateId ?? null,
    appFrom: attribution.appFrom ?? null,
    userFrom: attribution.userFrom ?? null,
    utmTag: attribution.utmTag ?? null,
    clientType: attribution.clientType ?? null,
  });
}

export interface FunnelRow {
  templateId: number | null;
  appFrom: string | null;
  userFrom: string | null;
  utmTag: string | null;
  visits: number;
  clicks: number;
  registrations: number;
}

export interface FunnelFilter {
  /** Inclusive start and exclusive end; either may be left open. */
  from?: Date;
  to?: Date;
  templateId?: number;
}

/**
 * The promotion funnel for the back office: visits → clicks on Apply → registrations, per
 * template, app_from, user_from and utm_tag (a missing attribute is its own group, null).
 */
export async function promotionFunnel(db: Db, filter: FunnelFilter = {}): Promise<FunnelRow[]> {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(sql`${promotionEvents.createdAt} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`${promotionEvents.createdAt} < ${filter.to.toISOString()}::timestamptz`);
  if (filter.templateId !== undefined) conditions.push(sql`${promotionEvents.templateId} = ${filter.templateId}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select template_id, app_from, user_from, utm_tag,
           count(*) filter (where kind = 'visit')::int as visits,
           count(*) filter (where kind = 'click')::int as clicks,
           count(*) filter (where kind = 'register')::int as registrations
    from promotion_events
    ${where}
    group by template_id, app_from, user_from, utm_tag
    order by template_id nulls last, visits desc, app_from nulls last, user_from nulls last, utm_tag nulls last`);
  return rowsOf<{
    template_id: number | null;
    app_from: string | null;
    user_from: string | null;
    utm_tag: string | null;
    visits: number;
    clicks: number;
    registrations: number;
  }>(result).map((r) => ({
    templateId: r.template_id,
    appFrom: r.app_from,
    userFrom: r.user_from,
    utmTag: r.utm_tag,
    visits: Number(r.visits),
    clicks: Number(r.clicks),
    registrations: Number(r.registrations),
  }));
}
