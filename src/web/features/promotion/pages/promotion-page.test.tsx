import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { envelope } from '../../../test/fetch-mock';
import { api, calls, P, QUERY, ready, renderLanding, tap, template } from './test-fixtures';

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('promotion landing and its hash routes (spec 001 §2.2)', () => {
  it('spec 001 §2.2: draws the template (texts, images, colours) and tracks the visit with the client type', async () => {
    const seen = api();
    const view = renderLanding();
    await ready(seen);
    expect(screen.getByRole('img', { name: 'A phone' }).getAttribute('src')).toBe('/img/promotion/hero.svg');
    expect(screen.getByText('₱20,000')).toBeDefined();
    expect(screen.getByTestId('promotion-apply').textContent).toBe('Apply now');
    const themed = view.container.querySelector<HTMLElement>('[style]');
    expect(themed?.style.getPropertyValue('--promo-accent')).toBe('#B8400E');
    expect(calls(seen, '/service/channel/channel-template')[0]?.url.searchParams.get('templateId')).toBe('1');
    const visit = calls(seen, '/promotion/track-visit');
    expect(visit).toHaveLength(1);
    expect(Object.fromEntries(visit[0]?.url.searchParams ?? [])).toEqual({
      page_id: '1',
      user_from: 'facebook',
      client_type: 'android',
      page_type: '1',
      utm_tag: 'launch',
      app_from: 'hiram',
    });
  });

  it('spec 001 §2.2: the agreement link opens #/agreementTemplate, which names the lender', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    await tap('promotion-agreement-link');
    expect(screen.getByTestId('hash').textContent).toBe(`#/agreementTemplate${QUERY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration Agreement' })).toBeDefined();
    expect((await screen.findAllByText(/Hiram Lending Corporation/)).length).toBeGreaterThan(0);
    expect(screen.getByText(/SEC Registration No\. CS201900001/)).toBeDefined();
    expect(document.body.textContent).not.toMatch(/\{\w+\}/);
  });

  it('spec 001 §2.2 link variant (links_id, no down_id): both store buttons', async () => {
    api();
    renderLanding(`/promotion?id=1&links_id=5#/downloadTemplate?id=1&links_id=5`);
    expect((await screen.findByTestId('promotion-store-ios')).textContent).toBe('Download on the App Store');
    expect(screen.getByTestId('promotion-store-android').textContent).toBe('Get it on Google Play');
    expect(screen.getByTestId('promotion-store-android').getAttribute('href')).toBe(template.download.playStoreUrl);
  });

  it('spec 001 §2.2 down variant (down_id, no links_id): one button for this phone, the other store as a link', async () => {
    api();
    renderLanding(`/promotion?id=1&down_id=7#/downloadTemplate?id=1&down_id=7`);
    expect((await screen.findByTestId('promotion-store-android')).textContent).toBe('Download Hiram');
    expect(screen.getByTestId('promotion-store-ios').textContent).toBe('Using an iPhone? Get it on the App Store');
  });

  it('a link without a template id says the promotion is not available, without calling the server for it', async () => {
    const seen = api();
    renderLanding('/promotion');
    expect(await screen.findByRole('heading', { level: 2, name: 'This promotion is not available' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeDefined();
    expect(calls(seen, '/service/channel/channel-template')).toHaveLength(0);
  });

  it('an unknown template says the promotion is not available', async () => {
    api({ [`${P}/service/channel/channel-template`]: envelope(null, 40400, 'This promotion was not found', 404) });
    renderLanding('/promotion?id=99');
    expect(await screen.findByRole('heading', { level: 2, name: 'This promotion is not available' })).toBeDefined();
  });
});
