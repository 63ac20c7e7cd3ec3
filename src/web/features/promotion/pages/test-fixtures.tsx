/** Shared fixtures of the promotion page tests: a template, a mocked API and a router that shows the hash. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../../../lib/router';
import { expect } from 'vitest';
import type { PromotionTemplate } from '../../../../shared/contracts/promotion';
import { envelope, type MockReply, mockApi, type SeenRequest } from '../../../test/fetch-mock';
import { PromotionPage } from './promotion-page';

export const template: PromotionTemplate = {
  id: 1,
  appName: 'Hiram',
  colours: {
    background: '#C94A12',
    onBackground: '#FFFFFF',
    accent: '#B8400E',
    onAccent: '#FFFFFF',
    card: '#FFFFFF',
    onCard: '#2B2B2B',
  },
  hero: { image: '/img/promotion/hero.svg', imageAlt: 'A phone', title: 'Cash in minutes', subtitle: 'Register now' },
  highlights: [{ value: '₱20,000', label: 'Loan amount up to' }],
  form: { title: 'Register in one minute', applyText: 'Apply now' },
  steps: ['Register', 'Download'],
  download: {
    title: 'Get the Hiram app',
    text: 'Download the app and log in.',
    image: '/img/promotion/download.svg',
    imageAlt: 'A phone',
    appStoreUrl: 'https://apps.apple.com/ph/app/hiram/id1',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=ph.hiram.app',
  },
  footnote: 'Loans are subject to approval.',
};

export const company = {
  appName: 'Hiram',
  lenderName: 'Hiram Lending Corporation',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: 'CA No. 3001',
  address: 'Makati City',
  email: 'support@hiram.ph',
  phone: '+63 2 8123 4567',
  grievanceOfficer: 'Data Protection Officer',
};

export const QUERY = '?id=1&app_from=hiram&user_from=facebook&utm_tag=launch&links_id=5&invite_code=JUAN';
export const P = '/api/v2/youmi';

let sids = 0;
export function api(overrides: Record<string, MockReply> = {}): SeenRequest[] {
  return mockApi({
    [`${P}/service/channel/channel-template`]: envelope(template, '00'),
    [`${P}/promotion/track-visit`]: envelope({}),
    [`${P}/promotion/track-click`]: envelope({}),
    [`${P}/promotion/get-sid`]: () => envelope({ sid: `sid-${++sids}-aaaaaaaaaaaaaaaa` }),
    [`${P}/promotion/get-sms`]: envelope({ resendAfterSeconds: 60 }),
    [`${P}/promotion/register`]: envelope({}),
    '/v3/public/company': envelope(company),
    ...overrides,
  });
}

function HashProbe() {
  const location = useLocation();
  return <output data-testid="hash">{location.hash}</output>;
}

export function renderLanding(route = `/promotion${QUERY}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <PromotionPage />
        <HashProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const calls = (seen: SeenRequest[], path: string) => seen.filter((r) => r.url.pathname === `/owner${P}${path}`);
export const form = (r: SeenRequest | undefined) => Object.fromEntries(new URLSearchParams(r?.body ?? ''));
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
export const tap = (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));
export async function announced(text: string) {
  await waitFor(() => expect(screen.getByRole('alert').textContent?.trim()).toBe(text));
}
export async function ready(seen: SeenRequest[]) {
  await screen.findByRole('heading', { level: 1, name: 'Cash in minutes' });
  await waitFor(() => expect(calls(seen, '/promotion/get-sid')).toHaveLength(1));
  await waitFor(() => expect(screen.getByTestId('promotion-captcha-image').querySelector('img')).not.toBeNull());
}
export async function fillAll() {
  type('promotion-phone', '0917 556 2900');
  type('promotion-captcha', 'acef');
  type('promotion-sms', '123456');
}
