import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { LoanAgreementPage } from './loan-agreement-page';

afterEach(() => vi.unstubAllGlobals());

const document = {
  title: 'Kasunduan sa loan',
  parties: ['Hiram Lending Corporation (ang Nagpapautang)'],
  rows: [{ text: 'Kabuuang babayaran', value: '₱3,546.00' }],
  sections: [{ heading: 'Pagbabayad', paragraphs: ['Babayaran ng Nanghihiram ang bawat hulog.'] }],
  basis: 'quote' as const,
};

describe('spec 001 §7 contract jump: the agreement page', () => {
  it('opens a translation with the line saying which text governs, before the parties', async () => {
    const note = 'Kapag may pagkakaiba ang salin at ang bersyong Ingles, ang bersyong Ingles ang masusunod.';
    const seen = mockApi({ '/v3/contract/document': envelope({ ...document, note }) });
    renderPage(<LoanAgreementPage />, { route: '/loanAgreement?productId=1&position=1&amount=300000' });
    const shown = await screen.findByTestId('agreement-note');
    expect(shown.textContent).toBe(note);
    const party = screen.getByText('Hiram Lending Corporation (ang Nagpapautang)');
    expect(shown.compareDocumentPosition(party) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(seen[0]?.url.searchParams.get('position')).toBe('1');
  });

  it('shows no such line on the governing text itself', async () => {
    mockApi({ '/v3/contract/document': envelope({ ...document, title: 'Loan agreement' }) });
    renderPage(<LoanAgreementPage />, { route: '/loanAgreement?productId=1&position=1' });
    await screen.findByTestId('agreement');
    expect(screen.queryByTestId('agreement-note')).toBeNull();
  });
});
