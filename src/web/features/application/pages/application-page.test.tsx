import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationItem, ApplicationSection } from '../../../../shared/contracts/application';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { initialValues, sectionPayload } from '../form-values';
import { currentStep, nextStep } from '../steps';
import { ApplicationPage } from './application-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (over: Partial<ApplicationItem>): ApplicationItem => ({
  category: 'txt',
  code: 'x',
  value: '',
  title: 'X',
  subtitle: '',
  note: [],
  inputType: 'text',
  required: true,
  maxLength: 100,
  ...over,
});

const sections = (values: Record<string, string> = {}): ApplicationSection[] => [
  {
    key: 'personal',
    title: 'Personal details',
    done: 'fullName' in values,
    items: [item({ code: 'fullName', title: 'Full name', value: values.fullName ?? '' })],
  },
  {
    key: 'job',
    title: 'Work and income',
    done: false,
    items: [
      item({
        code: 'monthlyIncome',
        title: 'Monthly income (₱)',
        inputType: 'money',
        value: values.monthlyIncome ?? '',
      }),
    ],
  },
  {
    key: 'ext',
    title: 'Reference person',
    done: false,
    items: [item({ category: 'check', code: 'refConsent', title: 'My reference agreed' })],
  },
  {
    key: 'public',
    title: 'Government ID and selfie',
    done: false,
    items: [item({ category: 'image', code: 'idPhoto', title: 'Photo of your ID' })],
  },
  { key: 'bank', title: 'Payout account', done: false, items: [] },
];
const form = (over: Record<string, unknown> = {}) =>
  envelope({
    sections: sections(),
    consent: { version: 'v1', text: 'First paragraph.\n\nSecond paragraph.', givenAt: null },
    editable: true,
    missing: ['consent', 'personal', 'job', 'ext', 'public', 'bank'],
    ...over,
  });

describe('spec 000 §2 form sections: the application page', () => {
  it('a new borrower starts with the privacy consent; Agree is enabled only once the box is ticked, and sends the version', async () => {
    const seen = mockApi({
      '/v3/application/form': form(),
      '/v3/application/consent': envelope({ version: 'v1', givenAt: '2026-11-26T00:00:00Z' }),
    });
    renderPage(<ApplicationPage />, { route: '/apply?productId=1&amount=300000' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeDefined();
    await screen.findByText('Second paragraph.');
    const agree = screen.getByTestId('apply-consent-next') as HTMLButtonElement;
    expect(agree.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('apply-consent'));
    expect(agree.disabled).toBe(false);
    fireEvent.click(agree);
    await waitFor(() => expect(seen.some((r) => r.url.pathname.endsWith('/application/consent'))).toBe(true));
    const sent = seen.find((r) => r.url.pathname.endsWith('/application/consent'))!;
    expect(new URLSearchParams(sent.body).get('version')).toBe('v1');
    expect(new URLSearchParams(sent.body).get('agree')).toBe('1');
  });

  it('a borrower who left mid-way continues at the first step still missing, with what they entered', async () => {
    mockApi({
      '/v3/application/form': form({
        sections: sections({ fullName: 'Carmela Dizon', monthlyIncome: '2500000' }),
        consent: { version: 'v1', text: 'x', givenAt: '2026-11-26T00:00:00Z' },
        missing: ['job', 'ext', 'public', 'bank'],
      }),
    });
    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Work' })).toBeDefined();
    // Money is typed in pesos: ₱25,000 is 2,500,000 centavos.
    expect(((await screen.findByLabelText(/^Monthly income/)) as HTMLInputElement).value).toBe('25000');
  });

  it("the server's refusal shows under the field it names, marked, until that field changes", async () => {
    mockApi({
      '/v3/application/form': form({
        consent: { version: 'v1', text: 'x', givenAt: '2026-11-26T00:00:00Z' },
        missing: ['personal', 'job', 'ext', 'public', 'bank'],
      }),
      '/v3/application/save': envelope({ field: 'fullName' }, 40000, 'Enter your full name as on your ID', 400),
    });
    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    const name = (await screen.findByLabelText(/^Full name/)) as HTMLInputElement;
    fireEvent.click(screen.getByTestId('apply-save'));
    const error = await screen.findByTestId('bind-fullName-error');
    expect(error.textContent).toBe('Enter your full name as on your ID');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Carmela Dizon' } });
    expect(screen.queryByTestId('bind-fullName-error')).toBeNull();
  });

  it('once submitted, the answers are shown as locked', async () => {
    mockApi({ '/v3/application/form': form({ editable: false, missing: [] }) });
    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    expect((await screen.findByTestId('apply-locked')).textContent).toMatch(/can no longer be changed/);
  });

  it('the steps: the first missing one, then the next missing after the one done', () => {
    expect(currentStep(null, ['personal', 'bank'])).toBe('personal');
    expect(currentStep('job', ['personal'])).toBe('job');
    expect(currentStep(null, [])).toBeNull();
    expect(nextStep('personal', ['consent', 'ext', 'bank'])).toBe('ext');
    expect(nextStep('bank', ['consent'])).toBe('consent');
    expect(nextStep('ext', [])).toBeNull();
  });

  it('the save payload sends money in centavos and trims text', () => {
    const items = [item({ code: 'fullName' }), item({ code: 'monthlyIncome', inputType: 'money', value: '2500000' })];
    expect(initialValues(items)).toEqual({ fullName: '', monthlyIncome: '25000' });
    expect(sectionPayload(items, { fullName: ' Ana ', monthlyIncome: '30,000' })).toEqual({
      fullName: 'Ana',
      monthlyIncome: '3000000',
    });
  });
});
