import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecords, PaymentCertificate, PaymentReceipt } from '../../../../shared/contracts/records';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { CertificatePage } from './certificate-page';
import { ReceiptPage } from './receipt-page';
import { RecordsPage } from './records-page';

afterEach(() => vi.unstubAllGlobals());

const lender = {
  name: 'Hiram Lending Corporation',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: 'CA No. 3001',
  address: '12F Ayala Avenue, Makati City',
};
const gcash = {
  paymentId: 11,
  paidOn: '2026-03-01',
  recordedAt: '2026-03-01T02:00:00.000Z',
  channel: 'GCash',
  reference: '1234567890123',
  amount: 100_000,
  kind: 'repayment' as const,
  status: 'posted' as const,
  reversedAt: null,
};

const records: OrderRecords = {
  orderId: 96,
  orderNo: 'HRM00000096',
  productId: 1,
  productName: 'Hiram Cash',
  status: 180,
  amount: 500_000,
  disbursedOn: '2026-01-05',
  schedule: [
    {
      kind: 'installment',
      period: 1,
      dueDate: '2026-04-06',
      principal: 500_000,
      interest: 68_250,
      fees: 0,
      paid: 100_000,
      left: 468_250,
      state: 'late',
    },
    {
      kind: 'penalties',
      period: null,
      dueDate: null,
      principal: 0,
      interest: 0,
      fees: 9_470,
      paid: 0,
      left: 9_470,
      state: 'late',
    },
  ],
  totals: { principal: 500_000, interest: 68_250, fees: 9_470, paid: 100_000, left: 477_720 },
  payments: [
    gcash,
    {
      ...gcash,
      paymentId: 12,
      amount: 50_000,
      reference: 'BDO-1',
      channel: 'Paid to the lender directly',
      status: 'reversed',
      reversedAt: '2026-03-05T02:00:00.000Z',
    },
  ],
  totalPaid: 100_000,
  credit: 0,
  disclosures: [{ id: 3, kind: 'origination', acceptedAt: '2026-01-04T02:00:00.000Z' }],
  agreement: true,
  settled: false,
};

describe('records page: the schedule, payments and documents of an order, as the server gives them', () => {
  it('shows each installment and charge with paid and left, the totals, every payment opening its receipt, and the documents', async () => {
    const seen = mockApi({ '/v3/records/order': envelope(records) });
    renderPage(<RecordsPage />, { route: '/records?orderId=96' });
    const schedule = await screen.findByTestId('records-schedule');
    expect(seen[0]?.url.searchParams.get('orderId')).toBe('96');
    const rows = within(schedule).getAllByTestId('schedule-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Installment 1 of 1 · due 6 Apr 2026');
    expect(rows[0]?.textContent).toContain('₱5,000.00');
    expect(rows[0]?.textContent).toContain('₱4,682.50');
    expect(rows[0]?.textContent).toContain('Late');
    expect(rows[1]?.textContent).toContain('Late penalties');
    expect(screen.getByTestId('schedule-left').textContent).toBe('₱4,777.20');
    expect(screen.getByTestId('records-total-paid').textContent).toBe('₱1,000.00');

    const payments = screen.getAllByTestId('payment-row');
    expect(payments.map((p) => p.getAttribute('href'))).toEqual([
      '/receipt?orderId=96&paymentId=11',
      '/receipt?orderId=96&paymentId=12',
    ]);
    expect(payments[0]?.textContent).toContain('1 Mar 2026 · GCash');
    expect(payments[0]?.textContent).toContain('Reference 1234567890123');
    // A reversed payment says so.
    expect(payments[1]?.getAttribute('data-status')).toBe('reversed');
    expect(payments[1]?.textContent).toContain('Reversed');

    expect(screen.getByTestId('records-disclosure').getAttribute('href')).toBe('/loanDisclosure?orderId=96');
    expect(screen.getByTestId('records-agreement').getAttribute('href')).toBe(
      '/loanAgreement?productId=1&position=1&orderId=96',
    );
    // Not settled: the certificate comes later.
    expect(screen.queryByTestId('records-certificate')).toBeNull();
    expect(screen.getByText('Once the loan is paid in full, its certificate of full payment is here.')).toBeDefined();
  });

  it('a settled order links its certificate and shows the credit left', async () => {
    mockApi({ '/v3/records/order': envelope({ ...records, status: 200, settled: true, credit: 25_000 }) });
    renderPage(<RecordsPage />, { route: '/records?orderId=96' });
    expect((await screen.findByTestId('records-certificate')).getAttribute('href')).toBe(
      '/paymentCertificate?orderId=96',
    );
    expect(screen.getByTestId('records-credit').textContent).toBe('₱250.00');
  });
});

const receipt: PaymentReceipt = {
  orderId: 96,
  orderNo: 'HRM00000096',
  productId: 1,
  borrowerName: 'Juan Dela Cruz',
  payment: gcash,
  allocation: { principal: 31_750, interest: 68_250, fees: 0, penalties: 0, otherCharges: 0, credit: 0 },
  extended: false,
  remaining: 468_250,
  creditLeft: 0,
  lender,
};

describe('receipt page: a printable receipt of one payment', () => {
  it('shows reference, channel, day paid, the allocation as posted and the balance after it; Print opens the print dialog', async () => {
    const seen = mockApi({ '/v3/records/receipt': envelope(receipt) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(<ReceiptPage />, { route: '/receipt?orderId=96&paymentId=11' });
    const doc = await screen.findByTestId('receipt');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({ orderId: '96', paymentId: '11' });
    expect(within(doc).getByTestId('doc-lender').textContent).toContain('Hiram Lending Corporation');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('receipt-reference').textContent).toBe('1234567890123');
    expect(screen.getByTestId('receipt-channel').textContent).toBe('GCash');
    expect(screen.getByTestId('receipt-paid-on').textContent).toBe('1 Mar 2026');
    expect(screen.getByTestId('alloc-principal').textContent).toBe('₱317.50');
    expect(screen.getByTestId('alloc-interest').textContent).toBe('₱682.50');
    expect(screen.getByTestId('receipt-remaining').textContent).toBe('₱4,682.50');
    expect(screen.queryByTestId('receipt-credit')).toBeNull();
    fireEvent.click(screen.getByTestId('print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('a payment paid over shows the credit it left', async () => {
    mockApi({
      '/v3/records/receipt': envelope({
        ...receipt,
        allocation: { ...receipt.allocation!, credit: 25_000 },
        remaining: 0,
        creditLeft: 25_000,
      }),
    });
    renderPage(<ReceiptPage />, { route: '/receipt?orderId=96&paymentId=11' });
    expect((await screen.findByTestId('alloc-credit')).textContent).toBe('₱250.00');
    expect(screen.getByTestId('receipt-credit').textContent).toBe('₱250.00');
  });

  it('a reversed payment says so and shows no allocation', async () => {
    mockApi({
      '/v3/records/receipt': envelope({
        ...receipt,
        payment: { ...gcash, status: 'reversed', reversedAt: '2026-03-05T02:00:00.000Z' },
        allocation: null,
        remaining: null,
        creditLeft: null,
      }),
    });
    renderPage(<ReceiptPage />, { route: '/receipt?orderId=96&paymentId=11' });
    expect((await screen.findByTestId('receipt-reversed')).textContent).toBe(
      'This payment was reversed on 5 Mar 2026. It does not count toward your loan.',
    );
    expect(screen.queryByTestId('receipt-allocation')).toBeNull();
    expect(screen.queryByTestId('receipt-remaining')).toBeNull();
  });
});

const certificate: PaymentCertificate = {
  orderId: 85,
  orderNo: 'HRM00000085',
  productId: 1,
  certificateNo: 'CFP-HRM00000085',
  borrowerName: 'Juan Dela Cruz',
  amount: 500_000,
  totalPaid: 568_250,
  settledOn: '2026-04-06',
  issuedOn: '2026-11-26',
  credit: 0,
  lender,
};

describe('certificate page: the certificate of full payment', () => {
  it('names the borrower, contract, amount borrowed, total paid, day settled and the lender', async () => {
    mockApi({ '/v3/records/certificate': envelope(certificate) });
    renderPage(<CertificatePage />, { route: '/paymentCertificate?orderId=85' });
    const doc = await screen.findByTestId('certificate');
    expect(doc.textContent).toContain('Certificate no. CFP-HRM00000085');
    expect(screen.getByTestId('certificate-statement').textContent).toBe(
      'Hiram Lending Corporation certifies that Juan Dela Cruz has paid in full the loan of ₱5,000.00 under contract HRM00000085, settled on April 6, 2026, and owes nothing more on it.',
    );
    expect(screen.getByTestId('certificate-total-paid').textContent).toBe('₱5,682.50');
    expect(screen.getByTestId('certificate-settled-on').textContent).toBe('6 Apr 2026');
    expect(screen.getByTestId('print')).toBeDefined();
  });

  it('an order not settled: the server’s reason, no certificate', async () => {
    const reason =
      'This loan is not paid in full yet. The certificate of full payment is issued once the loan is settled.';
    mockApi({ '/v3/records/certificate': envelope(null, 40904, reason, 409) });
    renderPage(<CertificatePage />, { route: '/paymentCertificate?orderId=96' });
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(screen.queryByTestId('certificate')).toBeNull();
    expect(screen.queryByTestId('print')).toBeNull();
  });
});
