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

const flex = {
  productId: 3,
  name: 'Hiram Flex',
  minAmount: 500_000,
  maxAmount: 2_000_000,
  amountStep: 50_000,
  termOptions: [120, 180],
  dailyInterestBps: 12,
  serviceFeeBps: 300,
};
const cash = {
  ...flex,
  productId: 1,
  name: 'Hiram Cash',
  minAmount: 300_000,
  maxAmount: 1_000_000,
  termOptions: [91],
  dailyInterestBps: 15,
};
const quoteOf = (amount: number, termDays: number) => ({
  productId: 3,
  amount,
  termDays,
  netProceeds: amount - 15_000,
  serviceFee: 15_000,
  interest: 72_000,
  totalRepayable: amount + 72_000,
  totalCost: 87_000,
  effectiveRate: { monthlyBps: 536, compoundedAnnualBps: 8_718 },
  schedule: [
    { period: 1, dueDate: '2026-12-27', amount: (amount + 72_000) / 2 },
    { period: 2, dueDate: '2027-01-26', amount: (amount + 72_000) / 2 },
  ],
});
const calculator = (request: { url: URL }) => {
  const q = request.url.searchParams;
  return envelope({
    products: [cash, flex],
    quote: quoteOf(Number(q.get('amount') ?? 500_000), Number(q.get('termDays') ?? 120)),
  });
};

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

describe('a way in from the official site', () => {
  it('the header has Sign in and Apply, and no slide button asks only a question', async () => {
    mockApi({ '/v3/public/company': company, '/v3/public/loan-calculator': calculator });
    renderPage(<OfficialSitePage />, { route: '/' });
    expect(screen.getByTestId('site-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('site-apply').getAttribute('href')).toBe('/login?redirect=%2Fhome');
    const carousel = screen.getByTestId('site-carousel');
    const ctas = [...carousel.querySelectorAll('article a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(ctas).toEqual([
      ['Apply now', '/login?redirect=%2Fhome'],
      ['See what it costs', '#calculator'],
      ['Sign in to pay', '/login'],
    ]);
    expect(carousel.textContent).not.toContain('Ask us a question');
  });

  it('shows the amount range and rate, prices an amount and term on the server, and applies with that choice', async () => {
    const seen = mockApi({ '/v3/public/company': company, '/v3/public/loan-calculator': calculator });
    renderPage(<OfficialSitePage />, { route: '/' });
    expect((await screen.findByTestId('calc-range')).textContent).toBe(
      'Borrow ₱3,000.00 to ₱20,000.00, from 0.12% interest a day.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Hiram Flex' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: '180 days' })).toBeDefined());
    fireEvent.click(screen.getByRole('radio', { name: '180 days' }));
    fireEvent.click(screen.getByTestId('calc-more'));
    await waitFor(() => expect(screen.getByTestId('calc-total').textContent).toBe('₱6,220.00'), { timeout: 2_000 });
    const last = seen.filter((r) => r.url.pathname.endsWith('/loan-calculator')).at(-1);
    expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
      productId: '3',
      amount: '550000',
      termDays: '180',
    });
    expect(screen.getByTestId('calc-cost').textContent).toBe('₱870.00');
    expect(screen.getByTestId('calc-receive').textContent).toBe('₱5,350.00');
    expect(screen.getByTestId('calc-rate').textContent).toBe('5.36% a month (87.18% a year)');
    expect(screen.getByTestId('calc-schedule').textContent).toContain('27 Dec 2026');
    expect(screen.getByTestId('calc-apply').getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/confirmLoan?productId=3&amount=550000&termDays=180')}`,
    );
  });
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
    mockApi({ '/v3/public/company': company, '/v3/public/loan-calculator': calculator });
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
    mockApi({ '/v3/public/company': company, '/v3/public/loan-calculator': calculator });
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
