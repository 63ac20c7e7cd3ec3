import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { PaymentMethodSheet } from './payment-sheet';

afterEach(() => vi.unstubAllGlobals());

const sevenEleven = [{ name: '7-Eleven', logo: '/img/channels/7-eleven.webp', channel_number: 91003 }];

describe("a channel's amount limits are said before the payment is asked for", () => {
  it('₱40 at 7-Eleven (it takes ₱50 up): the borrower is told the limit, and nothing is asked of the server', async () => {
    const seen = mockApi({ '/v3/repayment/pay-request': envelope({ payUrl: '/x', reference: 'r' }) });
    renderPage(<PaymentMethodSheet channels={sevenEleven} orderId={1} productId={1} amount={4_000} isDelay={0} />, {
      route: '/repay',
    });
    fireEvent.click(screen.getByTestId('payment-method'));
    fireEvent.click(await screen.findByTestId('pay-submit'));
    expect(
      await screen.findByText('7-Eleven takes payments of at least ₱50.00. Please choose another payment method.'),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.some((r) => r.url.pathname.endsWith('/pay-request'))).toBe(false);
  });

  it('₱50.00 at 7-Eleven is asked for', async () => {
    const seen = mockApi({ '/v3/repayment/pay-request': envelope(null, 40000, 'no') });
    renderPage(<PaymentMethodSheet channels={sevenEleven} orderId={1} productId={1} amount={5_000} isDelay={0} />, {
      route: '/repay',
    });
    fireEvent.click(screen.getByTestId('payment-method'));
    fireEvent.click(await screen.findByTestId('pay-submit'));
    await waitFor(() => expect(seen.some((r) => r.url.pathname.endsWith('/pay-request'))).toBe(true));
  });
});
