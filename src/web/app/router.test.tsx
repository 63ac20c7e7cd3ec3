import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PageName, pages } from '../../shared/pages';
import { t } from '../lib/i18n';
import { mockApi } from '../test/fetch-mock';
import { createQueryClient } from './query-client';
import { AppRoutes, pageAt } from './router';

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const built: PageName[] = [
  'home',
  'login',
  'customerService',
  'aboutUs',
  'privacyPolicy',
  'officialSite',
  'legacyRepayment',
  'testPreview',
  'promotion',
  'bindBank',
  'complaint',
  'complaintList',
  'complaintNext',
  'complaintDetails',
  'repay',
  'repayDelay',
  'repaymentOfCode',
  'repaymentOfCode2',
  'paymentInstructions',
  'loanDetail',
  'order',
  'loanConfirm',
  'loanConfirmNew',
  'loanConfirmPeriod',
  'loanTerms',
  'loanAgreement',
  'loanDisclosure',
  'amountExplained',
  'records',
  'receipt',
  'paymentCertificate',
  'jointLoginFailure',
  'application',
  'contactConsent',
  'myData',
];
const comingSoon = (Object.keys(pages) as PageName[]).filter((name) => !built.includes(name));

afterEach(() => vi.unstubAllGlobals());

describe('router: every page of src/shared/pages.ts is mounted', () => {
  it.each(comingSoon)('%s shows its title and "Coming soon"', async (name) => {
    renderAt(pages[name]);
    const title = t(`page.${name}`);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeDefined();
  });

  it('/admin and its sub-paths show the back office as coming soon', async () => {
    renderAt('/admin/complaints');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' }, { timeout: 5000 })).toBeDefined();
  });

  it.each(built)('%s mounts its page', async (name) => {
    mockApi({}); // every call answers the 404 envelope: the page still shows its header
    renderAt(pages[name]);
    expect(await screen.findByRole('heading', { level: 1, name: t(`page.${name}`) }, { timeout: 5000 })).toBeDefined();
  });

  it('an unknown address shows "Page not found"', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeDefined();
  });

  it('spec titles are used where the specs give them', () => {
    expect(t('page.loanDetail')).toBe('Order Details');
    expect(t('page.bindBank')).toBe('Payment account information');
    expect(t('page.complaint')).toBe('Online service');
    expect(t('page.loanTerms')).toBe('Loan terms and conditions');
  });
});

describe('router: matching an address to a page (as react-router matched it)', () => {
  it('exact paths, in any case, with or without a trailing slash; /admin with its sub-paths', () => {
    expect(pageAt('/')).toBe('officialSite');
    expect(pageAt('/complainDetails')).toBe('complaintDetails');
    expect(pageAt('/complaindetails/')).toBe('complaintDetails');
    expect(pageAt('/admin')).toBe('admin');
    expect(pageAt('/admin/complaints/7')).toBe('admin');
    expect(pageAt('/home/extra')).toBeUndefined();
    expect(pageAt('/administrator')).toBeUndefined();
  });
});
