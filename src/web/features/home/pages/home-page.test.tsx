import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary, ProductSummary } from '../../../../shared/contracts/home';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { HomePage } from './home-page';

function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    productId: 1,
    name: 'Hiram Flex',
    logo: '/logo.png',
    minAmount: 100_000,
    maxAmount: 2_000_000,
    limit: 1_000_000,
    termDays: 120,
    rateText: '0.05% per day',
    blockedBy: null,
    ...overrides,
  };
}

function order(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: 86,
    orderNo: 'HR0086',
    productId: 1,
    productName: 'Hiram Flex',
    productLogo: '/logo.png',
    status: 180,
    statusText: 'Overdue',
    amount: 500_000,
    createdAt: '2025-03-01T02:00:00Z',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('web home page (architecture.md: Native bridge go home)', () => {
  it('lists the products with amount range, term, rate and the borrower’s own limit; a tap opens the application', async () => {
    mockApi({ '/v3/home/overview': envelope({ products: [product()], orders: [] }) });
    renderPage(<HomePage />, { route: '/home' });
    const card = (await screen.findByRole('heading', { name: 'Hiram Flex' })).closest('a') as HTMLElement;
    expect(within(card).getByText('₱1,000.00 – ₱20,000.00')).toBeDefined();
    expect(within(card).getByText('120 days')).toBeDefined();
    expect(within(card).getByText('0.05% per day')).toBeDefined();
    expect(within(card).getByText('Your limit: ₱10,000.00')).toBeDefined();
    expect(card.getAttribute('href')).toBe('/confirmLoan?productId=1');
  });

  it('architecture.md: Native bridge: each order opens its details with productId and orderId', async () => {
    mockApi({
      '/v3/home/overview': envelope({
        products: [],
        orders: [order(), order({ orderId: 87, status: 999, statusText: 'Server text' })],
      }),
    });
    renderPage(<HomePage />, { route: '/home' });
    // The link is named by what it shows (product, number, date, amount, status).
    const link = await screen.findByRole('link', { name: /Hiram Flex.*HR0086.*₱5,000\.00.*Overdue/ });
    expect(link.getAttribute('href')).toBe('/loanDetail?productId=1&orderId=86');
    expect(within(link).getByText('2025-03-01')).toBeDefined();
    // a status code without a text of ours shows the server's
    expect(screen.getByText('Server text')).toBeDefined();
  });

  it('an open loan that stops a new application is told before the borrower starts one', async () => {
    const open = { orderId: 86, orderNo: 'HR0086', productId: 1, status: 180 };
    mockApi({ '/v3/home/overview': envelope({ products: [product({ blockedBy: open })], orders: [order()] }) });
    renderPage(<HomePage />, { route: '/home' });
    const notice = await screen.findByTestId('open-loan-notice');
    expect(within(notice).getByText('Your loan HR0086 is still open')).toBeDefined();
    expect(within(notice).getByRole('link', { name: 'Open HR0086' }).getAttribute('href')).toBe(
      '/loanDetail?productId=1&orderId=86',
    );
    expect(screen.getByText('After HR0086')).toBeDefined();
  });

  it('empty lists say so', async () => {
    mockApi({ '/v3/home/overview': envelope({ products: [], orders: [] }) });
    renderPage(<HomePage />, { route: '/home' });
    expect(await screen.findByText('No loan products are available right now.')).toBeDefined();
    expect(screen.getByText('You have no orders yet.')).toBeDefined();
  });

  it('a failed load shows why and tries again on request', async () => {
    let calls = 0;
    mockApi({
      '/v3/home/overview': () => {
        calls += 1;
        return calls === 1 ? envelope(null, 50300, 'Service busy', 503) : envelope({ products: [], orders: [] });
      },
    });
    renderPage(<HomePage />, { route: '/home' });
    const failure = await screen.findByText('Service busy', { selector: 'p' });
    fireEvent.click(within(failure.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no orders yet.')).toBeDefined();
  });
});
