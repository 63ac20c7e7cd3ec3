import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, type MockReply } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { LegacyRepaymentPage } from './legacy-repayment-page';

const way = envelope({
  alipay: 0,
  repayToken: 'tok-1',
  bankCards: [
    { id: 5, bankName: 'GCash', cardNo: '•••• 0001', bankCode: 'GCASH' },
    { id: 6, bankName: 'BDO Unibank', cardNo: '•••• 7890', bankCode: 'BDO' },
  ],
  amountDue: 512_345,
});
const base = '/service/loan';

function api(routes: Record<string, MockReply | ((r: { body: string }) => MockReply)> = {}) {
  return mockApi({
    [`${base}/repayment-way`]: way,
    [`${base}/repayment-commit`]: envelope({ needValid: 1, repayRecordId: 41 }),
    [`${base}/repayment-confirm`]: envelope({ repayRecordId: 41, orderStatus: 174 }),
    [`${base}/repayment-resend-code`]: envelope({ resendAfterSeconds: 60 }),
    ...routes,
  });
}

const open = (query = 'orderId=86&productId=1') =>
  renderPage(<LegacyRepaymentPage />, { route: `/legacyRepayment?${query}` });

/** The toast's text, as the visually hidden announcer of src/web/lib/toast.ts reads it out. */
async function announced(text: string, timeout = 1000) {
  await waitFor(() => expect(document.getElementById('hiram-toast-announcer')?.textContent?.trim()).toBe(text), {
    timeout,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('spec 000 §2, §4 legacy repayment screen', () => {
  it('spec 000 §5: a card must be chosen first; nothing is sent before', async () => {
    const seen = api();
    open();
    expect(await screen.findByTestId('legacy-amount')).toHaveProperty('textContent', '₱5,123.45');
    expect(screen.getAllByTestId('legacy-card')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('legacy-submit'));
    await announced('Please choose a bank card first');
    expect(seen.filter((r) => r.url.pathname.endsWith('repayment-commit'))).toHaveLength(0);
  });

  it('needValid 0: submits the chosen card for the amount due (not the address’s) and goes straight to the borrow detail', async () => {
    const seen = api({ [`${base}/repayment-commit`]: envelope({ needValid: 0, repayRecordId: 40 }) });
    open('orderId=86&productId=1&amount=10000&couponId=C7&sendMsg=0');
    fireEvent.click(await screen.findByText('BDO Unibank'));
    fireEvent.click(screen.getByTestId('legacy-submit'));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/loanDetail?productId=1&orderId=86');
    const body = new URLSearchParams(seen.find((r) => r.url.pathname.endsWith('repayment-commit'))?.body);
    expect(Object.fromEntries(body)).toEqual({
      amount: '512345',
      bankName: 'BDO Unibank',
      cardId: '6',
      cardNo: '•••• 7890',
      couponId: 'C7',
      orderId: '86',
      repayToken: 'tok-1',
      bankCode: 'BDO',
      sendMsg: '1',
    });
  });

  it('needValid 1: the code entry (at least 6 characters, 60 s resend), then the borrow detail', async () => {
    const seen = api();
    open();
    fireEvent.click(await screen.findByText('GCash'));
    fireEvent.click(screen.getByTestId('legacy-submit'));
    await screen.findByTestId('legacy-code-entry');
    expect(screen.getByTestId('legacy-resend').textContent).toBe('Resend in 60 s');
    expect(screen.getByTestId('legacy-resend')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('legacy-code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('legacy-confirm'));
    await announced('Enter the correct code');
    expect(seen.filter((r) => r.url.pathname.endsWith('repayment-confirm'))).toHaveLength(0);
    fireEvent.change(screen.getByTestId('legacy-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('legacy-confirm'));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/loanDetail?productId=1&orderId=86');
    const body = seen.find((r) => r.url.pathname.endsWith('repayment-confirm'))?.body;
    expect(body).toBe('orderId=86&verifyCode=123456&repaymentRecordId=41');
  });

  it('spec 000 §8: 800006 → "Verification code error", the code entry stays', async () => {
    api({ [`${base}/repayment-confirm`]: envelope(null, 800006, '验证码错误') });
    open();
    fireEvent.click(await screen.findByText('GCash'));
    fireEvent.click(screen.getByTestId('legacy-submit'));
    fireEvent.change(await screen.findByTestId('legacy-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('legacy-confirm'));
    await announced('Verification code error');
    expect(screen.getByTestId('legacy-code-entry')).toBeDefined();
  });

  it('spec 000 §8: 800005 → "Do not submit the payment request twice"; another code → the server message; a fresh token is fetched', async () => {
    let commits = 0;
    const seen = api({
      [`${base}/repayment-commit`]: () =>
        ++commits === 1 ? envelope(null, 800005, 'dup') : envelope(null, 40900, 'This order has nothing to repay', 409),
    });
    open();
    fireEvent.click(await screen.findByText('GCash'));
    fireEvent.click(screen.getByTestId('legacy-submit'));
    await announced('Do not submit the payment request twice');
    await waitFor(() => expect(seen.filter((r) => r.url.pathname.endsWith('repayment-way'))).toHaveLength(2));
    fireEvent.click(await screen.findByText('GCash'));
    fireEvent.click(screen.getByTestId('legacy-submit'));
    await announced('This order has nothing to repay');
  });

  it('spec 000 §8: a failed card list → "Failed to query the card list"; a network failure → "Network error"', async () => {
    api({ [`${base}/repayment-way`]: envelope(null, 40400, 'The order was not found', 404) });
    const first = open();
    await announced('Failed to query the card list');
    expect(within(screen.getByRole('main')).getByText('Failed to query the card list')).toBeDefined(); // and kept on the page, with a retry
    first.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    open();
    await announced('Network error', 5000);
    expect(within(screen.getByRole('main')).getByText('Network error')).toBeDefined();
  });

  it('without an orderId the page says so and calls nothing', () => {
    const seen = api();
    open('productId=1');
    expect(screen.getByText(/order to repay is missing/).getAttribute('role')).toBe('alert');
    expect(seen).toHaveLength(0);
  });
});
