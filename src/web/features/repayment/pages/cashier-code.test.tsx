import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { REPAYMENT_INFO_KEY } from '../api/repayment-info-store';
import { RepaymentCodePage } from './repayment-code-page';
import { RepaymentCode2Page } from './repayment-code2-page';

afterEach(() => localStorage.clear());

/** The bars of the drawn barcode as modules, '1' for a bar and '0' for a space (each module 2 px wide). */
async function modulesOf(): Promise<string> {
  const svg = screen.getByTestId('cashier-barcode');
  await waitFor(() => expect(svg.getAttribute('data-drawn')).toBe('yes'));
  const bars = [...svg.querySelectorAll('rect')]
    .map((r) => ({ x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) }))
    .filter((b) => b.w > 0 && b.w < 100);
  const start = Math.min(...bars.map((b) => b.x));
  const end = Math.max(...bars.map((b) => b.x + b.w));
  const modules = Array.from({ length: (end - start) / 2 }, () => '0');
  for (const bar of bars) for (let i = (bar.x - start) / 2; i < (bar.x - start + bar.w) / 2; i += 1) modules[i] = '1';
  return modules.join('');
}

// Code 128's start symbols (A, B, C) and its stop symbol, from the symbology's table.
const STARTS = ['11010000100', '11010010000', '11010011100'];
const STOP = '1100011101011';

describe('spec 001 §2.6 over-the-counter code: the number for the cashier, its barcode and its expiry', () => {
  it('says which number to give the cashier, draws it as Code 128 and says until when it can be paid', async () => {
    renderPage(<RepaymentCodePage />, {
      route:
        '/repaymentOfCode?showType=1&payCode=XND700001&payCodeImg=/img/channels/7-eleven.webp&repayAmount=150050&expiresAt=2026-11-29T03:00:00.000Z',
    });
    expect(screen.getByTestId('cashier-sentence').textContent).toBe('Give this number to the cashier:');
    expect(screen.getByTestId('pay-code').textContent).toBe('XND700001');
    const modules = await modulesOf();
    expect(STARTS).toContain(modules.slice(0, 11));
    expect(modules.endsWith(STOP)).toBe(true);
    // Start, 9 characters at most (some in pairs), the check symbol: 11 modules each, then the 13-module stop.
    expect((modules.length - 13) % 11).toBe(0);
    expect(screen.getByTestId('code-expiry').textContent).toMatch(/^Pay before .*2026.*11:00.*\.$/i);
  });

  it('a different number draws a different barcode', async () => {
    const first = renderPage(<RepaymentCodePage />, {
      route: '/repaymentOfCode?showType=1&payCode=XND700001&repayAmount=100',
    });
    const a = await modulesOf();
    first.unmount();
    renderPage(<RepaymentCodePage />, { route: '/repaymentOfCode?showType=1&payCode=XND700002&repayAmount=100' });
    expect(await modulesOf()).not.toBe(a);
  });

  it('no expiry line without an expiry, or with one that is not a date', async () => {
    renderPage(<RepaymentCodePage />, {
      route: '/repaymentOfCode?showType=1&payCode=XND700001&repayAmount=100&expiresAt=soon',
    });
    await modulesOf();
    expect(screen.queryByTestId('code-expiry')).toBeNull();
  });

  it('QR Ph shows the QR the server draws from the payload (with its accessible name) and no cashier number', async () => {
    renderPage(<RepaymentCodePage />, {
      route: '/repaymentOfCode?showType=2&payCode=00020101021228QRPH&repayAmount=100',
    });
    const qr = await screen.findByTestId('pay-qr');
    expect(qr.getAttribute('src')).toBe('/owner/v3/repayment/qr?text=00020101021228QRPH');
    expect(qr.getAttribute('alt')).toBeTruthy();
    expect(screen.queryByTestId('cashier-sentence')).toBeNull();
  });

  it('spec 001 §2.7: the contract number page says the same sentence and draws the same barcode', async () => {
    localStorage.setItem(
      REPAYMENT_INFO_KEY,
      JSON.stringify({
        repayAmount: 268_000,
        productLogo: '/img/products/hiram-flex.webp',
        productName: 'Hiram Flex',
        defDetail: {
          payCode: 'XND700001',
          logo: '/img/products/hiram-flex.webp',
          title: 'Pay with your contract number',
          payNotice: [],
        },
      }),
    );
    renderPage(<RepaymentCode2Page />, { route: '/repaymentOfCode2' });
    expect(screen.getByTestId('cashier-sentence').textContent).toBe('Give this number to the cashier:');
    expect(screen.getByTestId('contract-number').textContent).toBe('XND700001');
    const onCode2 = await modulesOf();
    expect(onCode2.endsWith(STOP)).toBe(true);
  });

  it('says the counter charges no fee and, told the order, offers to check the payment status', async () => {
    renderPage(<RepaymentCodePage />, {
      route: '/repaymentOfCode?showType=1&payCode=XND700002&repayAmount=150050&orderId=85&productId=1',
    });
    expect(screen.getByTestId('code-fee').textContent).toBe('Fee: none. Pay the cashier exactly the amount shown.');
    expect(screen.getByTestId('code-check-status').getAttribute('href')).toBe('/loanDetail?productId=1&orderId=85');
  });

  it('without an order, there is no status to check', () => {
    renderPage(<RepaymentCodePage />, { route: '/repaymentOfCode?showType=1&payCode=XND700003&repayAmount=150050' });
    expect(screen.queryByTestId('code-check-status')).toBeNull();
  });
});
