import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp({ env: { LENDER_EMAIL: 'help@example.ph', LENDER_MESSAGING: '+63 917 111 2222' } });

describe('spec 000 §7 contact-kf-info', () => {
  it('answers the messaging contact and e-mail for overall=30', async () => {
    const token = await t.login('09170000001');
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/personal-center/contact-kf-info',
      headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'overall=30',
    });
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      data: { email: 'help@example.ph', smWa: '+63 917 111 2222' },
    });
  });

  it('refuses another overall value', async () => {
    const token = await t.login('09170000002');
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/personal-center/contact-kf-info',
      headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'overall=31',
    });
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'overall' } });
  });

  it('names the lender from configuration without a session', async () => {
    const res = await t.app.inject({ url: '/owner/v3/public/company' });
    expect(res.json().data).toMatchObject({ lenderName: 'Hiram Lending Corporation', email: 'help@example.ph' });
  });
});
