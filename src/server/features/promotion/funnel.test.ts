import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { promotionEvents } from '../../db/schema';
import { promotionFunnel } from './funnel';
import { PROMOTION_CAPS } from './limits';
import { buildPromotionTestApp, freshAddress, promotionClient } from '../../test/promotion-support';

const t = await buildPromotionTestApp();
const api = promotionClient(t);

const visit = (utm_tag: string, extra: Record<string, string> = {}, ip = freshAddress()) =>
  api.get(
    '/promotion/track-visit',
    {
      page_id: '1',
      user_from: 'facebook',
      client_type: 'android',
      page_type: '1',
      utm_tag,
      app_from: 'hiram',
      ...extra,
    },
    ip,
  );
const click = (utm_tag: string, extra: Record<string, string> = {}) =>
  api.get(
    '/promotion/track-click',
    {
      page_id: '1',
      user_from: 'facebook',
      client_type: 'ios',
      page_type: '1',
      utm_tag,
      app_from: 'hiram',
      phone: '09175562601',
      ...extra,
    },
    freshAddress(),
  );

describe('spec 001 §7 track-visit, track-click and the funnel report', () => {
  it('spec 001 §7: both answer code 0 and are stored with their campaign, without the phone', async () => {
    expect((await visit('funnel-a')).json()).toEqual({ code: 0, data: {}, message: 'success' });
    expect((await click('funnel-a')).json().code).toBe(0);
    const rows = await t.database.db.select().from(promotionEvents);
    const mine = rows.filter((r) => r.utmTag === 'funnel-a');
    expect(mine.map((r) => [r.kind, r.templateId, r.appFrom, r.userFrom, r.clientType])).toEqual([
      ['visit', 1, 'hiram', 'facebook', 'android'],
      ['click', 1, 'hiram', 'facebook', 'ios'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('09175562601');
  });

  it('visits → clicks → registrations per template, app_from, user_from and utm_tag', async () => {
    for (let i = 0; i < 4; i++) await visit('funnel-b');
    await visit('funnel-b', { user_from: 'tiktok' });
    for (let i = 0; i < 2; i++) await click('funnel-b');
    const phone = '09175562602';
    const sent = await api.sendCode(phone, freshAddress());
    await api.post(
      '/promotion/register',
      { ...sent, phone, id: '1', app_from: 'hiram', user_from: 'facebook', utm_tag: 'funnel-b' },
      freshAddress(),
    );

    const rows = (await promotionFunnel(t.database.db, { templateId: 1 })).filter((r) => r.utmTag === 'funnel-b');
    expect(rows).toEqual([
      {
        templateId: 1,
        appFrom: 'hiram',
        userFrom: 'facebook',
        utmTag: 'funnel-b',
        visits: 4,
        clicks: 2,
        registrations: 1,
      },
      {
        templateId: 1,
        appFrom: 'hiram',
        userFrom: 'tiktok',
        utmTag: 'funnel-b',
        visits: 1,
        clicks: 0,
        registrations: 0,
      },
    ]);
  });

  it('a visit without campaign parameters is its own group; the report filters by time and template', async () => {
    await api.get(
      '/promotion/track-visit',
      { page_id: '', user_from: '', client_type: '', page_type: '1', utm_tag: '', app_from: '' },
      freshAddress(),
    );
    const all = await promotionFunnel(t.database.db);
    expect(all.find((r) => r.templateId === null && r.utmTag === null)).toMatchObject({ visits: 1, clicks: 0 });
    expect(await promotionFunnel(t.database.db, { from: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(await promotionFunnel(t.database.db, { to: new Date(Date.now() - 3_600_000) })).toEqual([]);
    expect((await promotionFunnel(t.database.db, { templateId: 2 })).length).toBe(0);
  });

  it('malformed tracking parameters are refused naming the field, and nothing is stored', async () => {
    const before = (await t.database.db.select().from(promotionEvents)).length;
    expect((await visit('x', { client_type: 'windows' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'client_type' },
    });
    expect((await visit('x', { page_id: 'abc' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'page_id' },
    });
    expect((await visit('x'.repeat(101))).json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'utm_tag' } });
    expect((await t.database.db.select().from(promotionEvents)).length).toBe(before);
  });

  it('tracking is capped per address, so a script cannot inflate the funnel', async () => {
    const ip = '198.51.100.99';
    let last = 0;
    for (let i = 0; i <= PROMOTION_CAPS.trackingPerHour; i++) last = (await visit('funnel-flood', {}, ip)).json().code;
    expect(last).toBe(Code.RATE_LIMITED);
    const [row] = (await promotionFunnel(t.database.db)).filter((r) => r.utmTag === 'funnel-flood');
    expect(row?.visits).toBe(PROMOTION_CAPS.trackingPerHour);
  });
});
