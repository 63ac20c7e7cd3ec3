import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { AboutUsPage } from './about-us/about-us-page';
import { CustomerServicePage } from './customer-service/customer-service-page';
import { PrivacyPolicyPage } from './privacy-policy/privacy-policy-page';

const company = {
  appName: 'Hiram',
  lenderName: 'Hiram Lending Corporation',
  secRegistrationNo: 'CS201912345',
  certificateOfAuthorityNo: '3021',
  address: '12 Ayala Avenue, Makati City',
  email: 'help@hiram.ph',
  phone: '0288001234',
  grievanceOfficer: 'Maria Santos',
};

afterEach(() => vi.unstubAllGlobals());

describe('customer service (spec 000 §2, §7)', () => {
  it('spec 000 §7: asks contact-kf-info with overall=30', async () => {
    const seen = mockApi({
      '/v3/personal-center/contact-kf-info': envelope({ email: 'help@hiram.ph', smWa: '09171234567' }),
    });
    renderPage(<CustomerServicePage />, { route: '/customerService' });
    await screen.findByTestId('cs-email');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBe('overall=30');
  });

  it('spec 000 §2: shows the WhatsApp contact and an e-mail that opens a mail client', async () => {
    mockApi({ '/v3/personal-center/contact-kf-info': envelope({ email: 'help@hiram.ph', smWa: '09171234567' }) });
    renderPage(<CustomerServicePage />, { route: '/customerService' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeDefined();
    const whatsapp = await screen.findByTestId('cs-smwa');
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/639171234567');
    expect(whatsapp.textContent).toBe('+63 917 123 4567');
    const email = screen.getByTestId('cs-email');
    expect(email.getAttribute('href')).toBe('mailto:help@hiram.ph');
    expect(email.textContent).toBe('help@hiram.ph');
  });

  it('Help leads to a new complaint and to My complaints, which no other browser page links to', async () => {
    mockApi({ '/v3/personal-center/contact-kf-info': envelope({ email: 'help@hiram.ph', smWa: '09171234567' }) });
    renderPage(<CustomerServicePage />, { route: '/customerService' });
    expect((await screen.findByTestId('cs-new-complaint')).getAttribute('href')).toBe('/complaint');
    expect(screen.getByRole('link', { name: 'My complaints' }).getAttribute('href')).toBe('/complaintList');
  });

  it('a missing contact says it is not available instead of a dead link', async () => {
    mockApi({ '/v3/personal-center/contact-kf-info': envelope({ email: '', smWa: '' }) });
    renderPage(<CustomerServicePage />, { route: '/customerService' });
    expect((await screen.findByTestId('cs-smwa')).textContent).toBe('Not available');
    expect(screen.getByTestId('cs-email').getAttribute('href')).toBeNull();
  });
});

describe('about us (spec 000 §2)', () => {
  it('spec 000 §2: mission, advantages, team and contact e-mail, with the lender named', async () => {
    mockApi({ '/v3/public/company': envelope(company) });
    renderPage(<AboutUsPage />, { route: '/aboutUs' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Our mission' })).toBeDefined();
    for (const name of ['Why borrow with us', 'Our team', 'Contact us']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeDefined();
    }
    for (const advantage of ['Quick approval', 'Transparent fees', 'Flexible repayment', 'Security']) {
      expect(screen.getByText(new RegExp(`^${advantage}\\.`))).toBeDefined();
    }
    expect(
      screen.getByText(/Hiram Lending Corporation.*CS201912345.*Certificate of Authority CA No\. 3021/),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'help@hiram.ph' }).getAttribute('href')).toBe('mailto:help@hiram.ph');
  });
});

describe('privacy policy (spec 000 §2)', () => {
  it('spec 000 §2: names the lender and its registration numbers and covers every required topic', async () => {
    mockApi({ '/v3/public/company': envelope(company) });
    renderPage(<PrivacyPolicyPage />, { route: '/privacyPolicy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeDefined();
    await screen.findByRole('heading', { level: 2, name: '1. Information we collect' });
    expect(
      screen.getByText(
        /Hiram Lending Corporation.*SEC Registration No\. CS201912345.*Certificate of Authority CA No\. 3021/,
      ),
    ).toBeDefined();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    for (const topic of [
      /Information we collect/,
      /representation/,
      /How we use/,
      /share/,
      /Cookies/,
      /device/,
      /Minors/,
      /safe/,
      /Opt-out/,
      /Changes/,
      /Grievance officer/,
    ]) {
      expect(
        headings.some((h) => topic.test(h)),
        String(topic),
      ).toBe(true);
    }
    const text = document.body.textContent ?? '';
    for (const term of [
      'Camera',
      'Location (GPS)',
      'Advertising ID',
      'Network information',
      '18 years',
      'Data Privacy Act of 2012',
      'National Privacy Commission',
      'Maria Santos',
    ]) {
      expect(text, term).toContain(term);
    }
    expect(screen.getByRole('link', { name: 'https://www.privacy.gov.ph' })).toBeDefined();
  });

  it('a certificate number already written "CA No. …" is not doubled', async () => {
    mockApi({ '/v3/public/company': envelope({ ...company, certificateOfAuthorityNo: 'CA No. 3001' }) });
    renderPage(<PrivacyPolicyPage />, { route: '/privacyPolicy' });
    await screen.findByRole('heading', { level: 2, name: '1. Information we collect' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Certificate of Authority CA No. 3001.');
    expect(text).not.toContain('CA No. CA No.');
  });

  it('a failed load of the company details offers a retry', async () => {
    mockApi({ '/v3/public/company': envelope(null, 50000, 'Server fault', 500) });
    renderPage(<PrivacyPolicyPage />, { route: '/privacyPolicy' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
