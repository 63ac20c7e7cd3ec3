import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormItem } from '../../../../shared/contracts/bank-binding';
import { setFallbackNavigate } from '../../../lib/native-bridge';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { BindBankPage } from './bind-bank-page';

const base = {
  value: '',
  subtitle: '',
  note: [],
  inputType: 'text',
  cardTypeMi: 0,
  channelNumber: 0,
  required: true,
  maxLength: 60,
} satisfies Partial<FormItem>;

function items(prefill: Record<string, string> = {}): FormItem[] {
  const list: FormItem[] = [
    {
      ...base,
      category: 'enum',
      code: 'cardType',
      title: 'Account type',
      note: [
        { name: 'E-wallet', type: '1' },
        { name: 'Bank account', type: '2' },
      ],
    },
    {
      ...base,
      category: 'enum',
      code: 'channel',
      title: 'E-wallet',
      cardTypeMi: 1,
      note: [
        { name: 'GCash', type: '90006' },
        { name: 'Maya', type: '90007' },
      ],
      value: '90006',
    },
    {
      ...base,
      category: 'txt',
      code: 'walletNo',
      title: 'GCash number',
      inputType: 'phone',
      cardTypeMi: 1,
      channelNumber: 90006,
      maxLength: 11,
    },
    {
      ...base,
      category: 'txt',
      code: 'walletNo',
      title: 'Maya number',
      inputType: 'phone',
      cardTypeMi: 1,
      channelNumber: 90007,
      maxLength: 11,
    },
    {
      ...base,
      category: 'enum',
      code: 'bankCode',
      title: 'Bank',
      cardTypeMi: 2,
      note: [
        { name: 'BPI', type: 'BPI' },
        { name: 'Metrobank', type: 'MBTC' },
      ],
    },
    {
      ...base,
      category: 'txt',
      code: 'bankAccountNo',
      title: 'Account number',
      inputType: 'number',
      cardTypeMi: 2,
      maxLength: 16,
    },
    { ...base, category: 'citySelect', code: 'bankCity', title: 'Branch city', cardTypeMi: 2 },
    { ...base, category: 'txt', code: 'accountName', title: 'Account holder name' },
    { ...base, category: 'day', code: 'birthDate', title: 'Date of birth', maxLength: 10 },
  ];
  return list.map((item) => {
    const key = `${item.code}@${item.channelNumber}`;
    const value = prefill[key] ?? prefill[item.code];
    return value === undefined ? item : { ...item, value };
  });
}

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  setFallbackNavigate(navigate);
});
afterEach(() => {
  setFallbackNavigate();
  vi.unstubAllGlobals();
});

const cardInit = (prefill?: Record<string, string>) => envelope({ items: items(prefill) });
const shownTitles = () => Array.from(document.querySelectorAll('[class*="title"]')).map((e) => e.textContent);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('bank account binding (spec 000 §2, §3, §5)', () => {
  it('spec 000 §2, §5: title, card-type tabs (default 1) and the GCash number for the default channel 90006', async () => {
    const seen = mockApi({ '/v3/bind-card/card-init': cardInit() });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment account information' })).toBeDefined();
    expect((await screen.findByRole('tab', { name: 'E-wallet' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Bank account' }).getAttribute('aria-selected')).toBe('false');
    expect(seen[0]?.body).toBe('product_id=2');
    const titles = shownTitles();
    expect(titles).toContain('GCash number');
    expect(titles).not.toContain('Maya number');
    expect(titles).not.toContain('Bank');
    expect(titles).not.toContain('Account type');
  });

  it('spec 000 §5: for card type 1 an item with a channelNumber shows only for the chosen channel', async () => {
    mockApi({ '/v3/bind-card/card-init': cardInit({ channel: '90007' }) });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1' });
    await screen.findByTestId('bind-channel');
    expect(screen.getByTestId('bind-channel').textContent).toContain('Maya');
    expect(shownTitles()).toContain('Maya number');
    expect(shownTitles()).not.toContain('GCash number');
  });

  it('spec 000 §2: the tab strip switches to the bank items', async () => {
    mockApi({ '/v3/bind-card/card-init': cardInit() });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank account' }));
    const titles = shownTitles();
    for (const title of ['Bank', 'Account number', 'Branch city', 'Account holder name', 'Date of birth'])
      expect(titles).toContain(title);
    expect(titles).not.toContain('GCash number');
    expect(titles).not.toContain('E-wallet');
  });

  it('spec 000 §5: number inputs keep digits only, capped at their length', async () => {
    mockApi({ '/v3/bind-card/card-init': cardInit() });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1' });
    await screen.findByLabelText('GCash number');
    fireEvent.change(input('GCash number'), { target: { value: 'ab0917-123 4567 89' } });
    expect(input('GCash number').value).toBe('09171234567');
    fireEvent.change(input('Account holder name'), { target: { value: 'Juan 123' } });
    expect(input('Account holder name').value).toBe('Juan 123');
  });

  it('spec 000 §5: Next checks the shown items first and sends nothing when one is wrong; every problem shows at its field', async () => {
    const seen = mockApi({ '/v3/bind-card/card-init': cardInit() });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1' });
    fireEvent.click(await screen.findByTestId('bind-next'));
    // At the field, the field marked and focused: not one problem at a time in a toast.
    const error = await screen.findByTestId('bind-walletNo-error');
    expect(error.textContent).toBe('Please fill in GCash number');
    expect(input('GCash number').getAttribute('aria-invalid')).toBe('true');
    expect(input('GCash number').getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(input('GCash number'));
    const marked = document.querySelectorAll('[data-testid$="-error"]');
    expect(marked.length).toBeGreaterThan(1);
    fireEvent.change(input('GCash number'), { target: { value: '0817123456' } });
    // Typing clears that field's problem; Next finds what is still wrong.
    expect(screen.queryByTestId('bind-walletNo-error')).toBeNull();
    fireEvent.click(screen.getByTestId('bind-next'));
    expect((await screen.findByTestId('bind-walletNo-error')).textContent).toBe(
      'GCash number must be a mobile number like 0917 123 4567',
    );
    expect(seen.filter((r) => r.url.pathname.includes('bind-card-'))).toHaveLength(0);
  });

  it('spec 000 §2, §3: Next posts the bind payload and the webview closes', async () => {
    const seen = mockApi({
      '/v3/bind-card/card-init': cardInit({ accountName: 'Juan Dela Cruz', birthDate: '1990-04-01' }),
      '/v3/bind-card/bind-card-new': envelope({
        cardType: 1,
        channelNumber: 90006,
        accountName: 'Juan Dela Cruz',
        accountNo: '•••• 4567',
        bankName: 'GCash',
      }),
    });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1&orderId=86' });
    await screen.findByLabelText('GCash number');
    fireEvent.change(input('GCash number'), { target: { value: '09171234567' } });
    await act(async () => fireEvent.click(screen.getByTestId('bind-next')));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const post = seen.find((r) => r.url.pathname.endsWith('/bind-card-new'));
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({
      product_id: '1',
      cardType: '1',
      channel: '90006',
      walletNo: '09171234567',
      accountName: 'Juan Dela Cruz',
      birthDate: '1990-04-01',
    });
    // closeWebview in a browser: back to the previous page (or home when there is none)
    expect(navigate.mock.calls[0]?.[0] === -1 || navigate.mock.calls[0]?.[0] === '/home').toBe(true);
  });

  it('spec 000 §2: with source=loanDetail it binds through the loan path and opens the order with source=loanDetail', async () => {
    const seen = mockApi({
      '/v3/bind-card/card-init': cardInit({
        'walletNo@90006': '•••• 4567',
        accountName: 'Juan Dela Cruz',
        birthDate: '1990-04-01',
      }),
      '/v3/bind-card/bind-card-loan': envelope({
        cardType: 1,
        channelNumber: 90006,
        accountName: 'Juan Dela Cruz',
        accountNo: '•••• 4567',
        bankName: 'GCash',
      }),
    });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1&orderId=86&source=loanDetail' });
    await screen.findByLabelText('GCash number');
    expect(input('GCash number').value).toBe('•••• 4567');
    await act(async () => fireEvent.click(screen.getByTestId('bind-next')));
    expect((await screen.findByTestId('location')).textContent).toBe('/order?productId=1&orderId=86&source=loanDetail');
    const post = seen.find((r) => r.url.pathname.endsWith('/bind-card-loan'));
    expect(new URLSearchParams(post?.body).get('walletNo')).toBe('•••• 4567');
    expect(seen.some((r) => r.url.pathname.endsWith('/bind-card-new'))).toBe(false);
  });

  it('a masked bound number clears when tapped', async () => {
    mockApi({ '/v3/bind-card/card-init': cardInit({ 'walletNo@90006': '•••• 4567' }) });
    renderPage(<BindBankPage />, { route: '/bindBank?productId=1' });
    await screen.findByLabelText('GCash number');
    fireEvent.focus(input('GCash number'));
    expect(input('GCash number').value).toBe('');
  });

  it('without a product the page says where to open it from', async () => {
    mockApi({});
    renderPage(<BindBankPage />, { route: '/bindBank' });
    expect(await screen.findByText(/Open this page from a loan product/)).toBeDefined();
  });
});
