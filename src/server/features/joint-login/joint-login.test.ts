import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const a = authHeader(await t.login('09170000001'));

describe('spec 001 §2.11, §7 joint login failure info and product jump', () => {
  it('answers the notice, the reason and the other enabled products with their terms', async () => {
    const res = (await t.app.inject({ url: '/owner/v3/joint-login/failure-info?productId=1', headers: a })).json();
    expect(res.code).toBe(0);
    expect(res.data.noticeMessage).not.toBe('');
    expect(res.data.errMessage).not.toBe('');
    expect(res.data.list.length).toBeGreaterThan(0);
    expect(res.data.list.map((p: { productId: number }) => p.productId)).not.toContain(1);
    expect(res.data.list[0]).toMatchObject({ state: 1, buttonText: 'Apply now' });
    expect(res.data.list[0].amountRange).toMatch(/₱.* – ₱/);
  });

  it('spec 001 §2.11: a Filipino reader gets the notice, the reason and the offers in Filipino', async () => {
    const res = (
      await t.app.inject({
        url: '/owner/v3/joint-login/failure-info?productId=1',
        headers: { ...a, 'accept-language': 'fil-PH,fil;q=0.9' },
      })
    ).json();
    expect(res.data).toMatchObject({
      noticeMessage: 'Hindi ka namin mai-sign in sa loan ng partner na ito.',
      errMessage: expect.stringContaining('Hindi kinumpirma ng partner'),
    });
    expect(res.data.list[0]).toMatchObject({ buttonText: 'Mag-apply na', rangeDesc: 'Halaga ng loan' });
    expect(res.data.list[0].rate).toMatch(/ bawat araw$/);
    expect(res.data.list[0].description).toMatch(/^\d+ araw, /);
  });

  it('the product jump leads to the loan confirm page of an offered product, and needs a session', async () => {
    const jump = (
      await t.app.inject({
        method: 'POST',
        url: '/owner/v3/joint-login/product-jump',
        headers: a,
        payload: { productId: '2', index: '0' },
      })
    ).json();
    expect(jump).toMatchObject({ code: '00', data: { link: '/confirmLoan?productId=2' } });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/owner/v3/joint-login/product-jump',
          headers: a,
          payload: { productId: '999', index: '0' },
        })
      ).json().code,
    ).toBe(Code.NOT_FOUND);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/owner/v3/joint-login/product-jump',
          payload: { productId: '2', index: '0' },
        })
      ).json().code,
    ).toBe(Code.SESSION_EXPIRED);
  });
});
