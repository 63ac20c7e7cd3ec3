import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { STORE_URL_PATTERN, templateDataSchema, templateSchema } from '../../../shared/contracts/promotion';
import { promotionTemplates } from '../../db/schema';
import { demoTemplate } from '../../db/seed/promotion';
import { buildPromotionTestApp, promotionClient } from '../../test/promotion-support';

const t = await buildPromotionTestApp();
const api = promotionClient(t);

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('spec 001 §7 channel-template', () => {
  it('spec 001 §7: answers "00" with the id and the template data', async () => {
    const res = await api.get('/service/channel/channel-template', { templateId: '1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('00');
    expect(templateSchema.parse(body.data)).toEqual({ id: 1, ...demoTemplate });
  });

  it('an unknown or switched-off template is not found', async () => {
    expect((await api.get('/service/channel/channel-template', { templateId: '999' })).json()).toMatchObject({
      code: Code.NOT_FOUND,
      message: 'This promotion was not found',
    });
    await t.database.db.insert(promotionTemplates).values({ id: 7, name: 'Ended', data: demoTemplate, enabled: false });
    expect((await api.get('/service/channel/channel-template', { templateId: '7' })).json().code).toBe(Code.NOT_FOUND);
  });

  it('a malformed template id is refused naming the field', async () => {
    for (const templateId of ['', 'abc', '-1', '1.5', '99999999999']) {
      const res = await api.get('/service/channel/channel-template', { templateId });
      expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'templateId' } });
    }
  });

  it('the demo template reads well: every text colour at 4.5:1 or better (WCAG AA)', () => {
    const { colours } = demoTemplate;
    expect(contrast(colours.onBackground, colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.onAccent, colours.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.onCard, colours.card)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.accent, colours.card)).toBeGreaterThanOrEqual(4.5); // the get-code label on the card
  });

  it('architecture.md: Providers: store links only to the App Store and Google Play over https; images only our own', () => {
    expect(STORE_URL_PATTERN.test('https://play.google.com/store/apps/details?id=ph.hiram.app')).toBe(true);
    for (const bad of [
      'http://play.google.com/x',
      'https://play.google.com.evil.example/x',
      'javascript:alert(1)',
      'https://evil.example/',
    ]) {
      expect(STORE_URL_PATTERN.test(bad)).toBe(false);
    }
    const withBadImage = { ...demoTemplate, hero: { ...demoTemplate.hero, image: 'https://evil.example/x.svg' } };
    expect(templateDataSchema.safeParse(withBadImage).success).toBe(false);
    const withDots = { ...demoTemplate, hero: { ...demoTemplate.hero, image: '/img/../secret.svg' } };
    expect(templateDataSchema.safeParse(withDots).success).toBe(false);
    const withStyle = { ...demoTemplate, colours: { ...demoTemplate.colours, accent: 'red;background:url(x)' } };
    expect(templateDataSchema.safeParse(withStyle).success).toBe(false);
  });

  it('a stored template that breaks the contract is a fault, never half a page', async () => {
    await t.database.db
      .insert(promotionTemplates)
      .values({ id: 8, name: 'Broken', data: { ...demoTemplate, appName: '' } });
    const res = await api.get('/service/channel/channel-template', { templateId: '8' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(Code.SERVER_ERROR);
    await t.database.db.delete(promotionTemplates).where(eq(promotionTemplates.id, 8));
  });

  it('architecture.md: The wire contract: the promotion calls are in the OpenAPI docs at their spec paths', async () => {
    const doc = (await t.app.inject({ url: '/owner/docs/json' })).json();
    expect(doc.paths['/owner/api/v2/youmi/service/channel/channel-template'].get.operationId).toBe(
      'promotion.channelTemplate',
    );
    for (const path of ['track-visit', 'track-click', 'get-sid', 'get-captcha'])
      expect(doc.paths[`/owner/api/v2/youmi/promotion/${path}`].get).toBeDefined();
    for (const path of ['get-sms', 'register'])
      expect(doc.paths[`/owner/api/v2/youmi/promotion/${path}`].post).toBeDefined();
  });

  it('the demo images exist and are small', async () => {
    const { statSync } = await import('node:fs');
    for (const path of [demoTemplate.hero.image, demoTemplate.download.image]) {
      expect(statSync(`src/web/public${path}`).size).toBeLessThan(12_000);
    }
  });
});
