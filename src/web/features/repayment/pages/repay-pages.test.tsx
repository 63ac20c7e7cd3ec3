import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DelayInfo, RepaymentInfo } from '../../../../shared/contracts/repayment';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { RepayDelayPage } from './repay-delay-page';
import { RepayPage } from './repay-page';

afterEach(() => vi.unstubAllGlobals());

const defDetail = {
  payCode: 'HRM00000096',
  logo: '/img/products/hiram-cash.webp',
  title: 'Pay with your contract number',
  payNotice: [],
};
const channels = [{ name: 'GCash', logo: '/img/channels/gcash.webp', channel_number: 91001 }];
const info: RepaymentInfo = {
  orderId: 96,
  productId: 3,
  orderNo: 'HRM00000096',
  repayAmount: 268_000,
  repayDate: '2025-04-01',
  productName: 'Hiram Flex',
  productLogo: '/img/products/hiram-flex.webp',
  noticeMsg: 'Pay on or before the repayment date to keep a good record.',
  detail: [{ text: 'Contract number', value: 'HRM00000096' }],
  repayList: channels,
  defDetail,
  isShowReyTop: 0,
};

describe('spec 001 §2.8, §9 repay page: pay off now', () => {
  it('shows the server’s payoff and pays exactly it when chosen', async () => {
    const seen = mockApi({
      '/v3/repayment/installment-detail': envelope({
        ...info,
        payoff: { amount: 500_600, rebate: 26_400, asOf: '2025-03-03' },
      }),
      '/v3/repayment/pay-request': envelope(null, 40000, 'Choose one of the payment methods shown'),
    });
    renderPage(<RepayPage />, { route: '/repay?orderId=96&productId=3' });
    expect((await screen.findByTestId('payoff-amount')).textContent).toBe('Pay off now: ₱5,006.00');
    expect(screen.getByTestId('payoff').textContent).toContain('₱264.00 of scheduled interest');
    fireEvent.click(screen.getByTestId('payoff-choice'));
    fireEvent.click(screen.getByTestId('payment-method'));
    fireEvent.click(await screen.findByTestId('pay-submit'));
    await waitFor(() => expect(seen.some((r) => r.url.pathname.endsWith('/pay-request'))).toBe(true));
    const body = new URLSearchParams(seen.find((r) => r.url.pathname.endsWith('/pay-request'))!.body);
    expect(body.get('amount')).toBe('500600');
    expect(body.get('isDelay')).toBe('0');
  });

  it('spec 001 §2.8: when paying today settles the loan for less than the date asks, the header says both amounts and offers no second choice', async () => {
    const seen = mockApi({
      '/v3/repayment/installment-detail': envelope({
        ...info,
        repayAmount: 500_000,
        amountOnDueDate: 568_250,
        payoff: { amount: 500_000, rebate: 68_250, asOf: '2025-01-01' },
      }),
      '/v3/repayment/pay-request': envelope(null, 40000, 'Choose one of the payment methods shown'),
    });
    renderPage(<RepayPage />, { route: '/repay?orderId=96&productId=3' });
    expect((await screen.findByTestId('repay-amount')).textContent).toBe('₱5,000.00');
    expect(screen.getByTestId('repay-summary').textContent).toContain('To pay today (settles the loan)');
    expect(screen.getByTestId('repay-date').textContent).toBe('₱5,682.50 if paid on the repayment date, 1 Apr 2025');
    expect(screen.queryByTestId('payoff-choice')).toBeNull();
    expect(screen.getByTestId('payoff').textContent).toContain('₱682.50 of scheduled interest');
    fireEvent.click(screen.getByTestId('payment-method'));
    fireEvent.click(await screen.findByTestId('pay-submit'));
    await waitFor(() => expect(seen.some((r) => r.url.pathname.endsWith('/pay-request'))).toBe(true));
    const body = new URLSearchParams(seen.find((r) => r.url.pathname.endsWith('/pay-request'))!.body);
    expect(body.get('amount')).toBe('500000');
  });

  it('shows no payoff while the server offers none (prepayment not open or after maturity)', async () => {
    mockApi({ '/v3/repayment/installment-detail': envelope(info) });
    renderPage(<RepayPage />, { route: '/repay?orderId=96&productId=3' });
    await screen.findByTestId('repay-amount');
    expect(screen.queryByTestId('payoff')).toBeNull();
  });

  it('during a product lock-in says until when, and what paying in full now costs', async () => {
    mockApi({
      '/v3/repayment/installment-detail': envelope({
        ...info,
        lockIn: { until: '2025-03-02', payAll: 1_090_000, unearnedInterest: 66_000 },
      }),
    });
    renderPage(<RepayPage />, { route: '/repay?orderId=96&productId=3' });
    const notice = await screen.findByTestId('lock-in');
    expect(notice.textContent).toContain('No early-payoff discount until');
    expect(screen.getByTestId('lock-in-cost').textContent).toMatch(
      /^Paying in full now costs ₱10,900\.00, with ₱660\.00 of interest you have not used yet\. From .+ you pay interest only to the day you pay\.$/,
    );
    expect(screen.queryByTestId('payoff')).toBeNull();
  });
});

describe('spec 001 §2.9 delay page', () => {
  it('shows the renewal terms and schedule before paying', async () => {
    const delay: DelayInfo = {
      orderId: 95,
      productId: 2,
      orderNo: 'HRM00000095',
      productName: 'Hiram Plus',
      productLogo: '/img/products/hiram-plus.webp',
      delayInfo: { title: 'Extend your loan by 30 days', delayAmount: 90_000 },
      nextPaymentDate: '2025-03-02',
      repayPlan: [
        { remark: 'Pay now to extend', title: 'Extension payment', amount: 90_000, time: '2025-01-31' },
        {
          remark: 'Due after 30 more days',
          title: 'Next installment after extending',
          amount: 393_333,
          time: '2025-03-02',
        },
      ],
      repayList: channels,
      defDetail,
      renewal: {
        validThrough: '2025-02-01',
        interestDue: 60_000,
        penaltiesDue: 0,
        feesDue: 0,
        extensionFee: 30_000,
        extensionInterest: 60_000,
        schedule: [
          { dueDate: '2025-03-02', amount: 393_333 },
          { dueDate: '2025-04-01', amount: 383_333 },
        ],
      },
    };
    mockApi({ '/v3/repayment/delay-detail': envelope(delay) });
    renderPage(<RepayDelayPage />, { route: '/repayDelay?orderId=95&productId=2' });
    const terms = await screen.findByTestId('renewal-terms');
    expect(terms.textContent).toContain('Extension fee₱300.00');
    expect(terms.textContent).not.toContain('Late penalties');
    expect(terms.textContent).toContain('This price holds if you pay by the end of 1 Feb 2025.');
    expect(screen.getByTestId('renewal-schedule').querySelectorAll('li')).toHaveLength(2);
    expect(screen.getAllByTestId('plan-row')[1]!.textContent).toContain('₱3,933.33');
  });

  it('an extension not offered shows the server’s reason on the page', async () => {
    const reason = 'An extension opens 3 days before your due date (2025-04-01); until then there is nothing to extend';
    mockApi({ '/v3/repayment/delay-detail': envelope({ reason: 'not-due' }, 42240, reason) });
    renderPage(<RepayDelayPage />, { route: '/repayDelay?orderId=95&productId=2' });
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
  });
});
