import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { contactFormProblem } from '../components/contact-form';
import { OfficialSitePage } from './official-site-page';

// happy-dom does not load framed pages and says so loudly; the frame is checked in e2e/official-site.test.ts.
vi.mock('../components/site-sections', async (original) => ({
  ...(await original<typeof import('../components/site-sections')>()),
  PrivacySection: () => null,
}));

const company = envelope({
  appName: 'Hiram',
  lenderName: 'Hiram Lending Corporation',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: 'CA No. 3001',
  address: '12F Ayala Avenue, Makati City',
  email: 'support@hiram.ph',
  phone: '+63 2 8123 4567',
  grievanceOfficer: 'DPO',
});

async function announced(text: string) {
  await waitFor(() => expect(screen.getByRole('alert').textContent?.trim()).toBe(text));
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('spec 000 §5 official-site contact form rules', () => {
  const complete = { name: 'Ana', telephone: '09175563001', email: 'ana@example.com', remark: 'Hello' };

  it('any empty field → "Please provide complete information!"; then phone, then e-mail', () => {
    for (const field of Object.keys(complete)) {
      expect(contactFormProblem({ ...complete, [field]: '  ' })).toBe('Please provide complete information!');
    }
    expect(contactFormProblem({ ...complete, telephone: '12345' })).toMatch(/Philippine mobile number/);
    expect(contactFormProblem({ ...complete, email: 'ana@' })).toMatch(/valid e-mail/);
    expect(contactFormProblem(complete)).toBeNull();
  });
});

describe('spec 000 §2 official site page', () => {
  it('shows the six navigation entries and the footer from the company call', async () => {
    mockApi({ '/v3/public/company': company });
    renderPage(<OfficialSitePage />, { route: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Home',
      'About Us',
      'User reviews',
      'Loan Terms And Conditions',
      'PrivacyPolicy',
      'Contact Us',
    ]);
    const footer = screen.getByTestId('site-footer');
    await waitFor(() => expect(footer.textContent).toContain('Hiram Lending Corporation'));
    expect(footer.textContent).toContain('+63 2 8123 4567');
    expect(footer.textContent).toContain('12F Ayala Avenue, Makati City');
    expect(footer.textContent).toContain('support@hiram.ph');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Hiram Lending Corporation`);
  });

  it('spec 000 §9: the carousel moves to the next slide every 3 s', async () => {
    vi.useFakeTimers();
    mockApi({ '/v3/public/company': company });
    renderPage(<OfficialSitePage />, { route: '/' });
    const carousel = screen.getByTestId('site-carousel');
    expect(carousel.dataset.index).toBe('0');
    await act(async () => vi.advanceTimersByTime(2_900));
    expect(carousel.dataset.index).toBe('0');
    await act(async () => vi.advanceTimersByTime(200));
    expect(carousel.dataset.index).toBe('1');
    await act(async () => vi.advanceTimersByTime(6_000));
    expect(carousel.dataset.index).toBe('0'); // 3 slides: wraps around
  });

  it('an empty field is refused before any call; a complete form is sent and answered "Successful!"', async () => {
    const seen = mockApi({ '/v3/public/company': company, '/v3/public/contact-message': envelope({ id: 7 }) });
    renderPage(<OfficialSitePage />, { route: '/' });
    fireEvent.click(screen.getByTestId('site-contact-submit'));
    await announced('Please provide complete information!');
    expect(seen.filter((r) => r.url.pathname.endsWith('contact-message'))).toHaveLength(0);

    fill('Name', 'Ana Reyes');
    fill('Telephone', '0917 556 3001');
    fill('Email', 'ana@example.com');
    fill('Remark', 'When can I apply?');
    fireEvent.click(screen.getByTestId('site-contact-submit'));
    await announced('Successful!');
    const sent = seen.find((r) => r.url.pathname.endsWith('contact-message'));
    expect(new URLSearchParams(sent?.body)).toEqual(
      new URLSearchParams({
        name: 'Ana Reyes',
        telephone: '09175563001',
        email: 'ana@example.com',
        remark: 'When can I apply?',
      }),
    );
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
  });

  it("the server's refusal is shown and the form keeps what was typed", async () => {
    mockApi({
      '/v3/public/company': company,
      '/v3/public/contact-message': envelope(null, 42900, 'You have sent several messages in the last hour.', 429),
    });
    renderPage(<OfficialSitePage />, { route: '/' });
    fill('Name', 'Ana Reyes');
    fill('Telephone', '09175563001');
    fill('Email', 'ana@example.com');
    fill('Remark', 'Hi');
    fireEvent.click(screen.getByTestId('site-contact-submit'));
    await announced('You have sent several messages in the last hour.');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ana Reyes');
  });
});
