import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { renderPage } from '../../../test/render';
import { PREVIEW_ENTRIES } from '../preview-values';
import { TestPreviewPage } from './test-preview-page';

beforeEach(() => clearSession());

const entryUrl = (page: string) =>
  new URL(screen.getByTestId(`preview-entry-${page}`).getAttribute('href') ?? '', 'http://x');

describe('spec 001 §2.3 developer test page', () => {
  it('spec 001 §9: defaults version 1.0.0, product 1, order 86; every entry carries them', () => {
    renderPage(<TestPreviewPage />, { route: '/testPreview' });
    expect(screen.getByTestId('preview-field-appVersion')).toHaveProperty('value', '1.0.0');
    expect(screen.getByTestId('preview-field-productId')).toHaveProperty('value', '1');
    expect(screen.getByTestId('preview-field-orderId')).toHaveProperty('value', '86');
    expect(PREVIEW_ENTRIES).toHaveLength(10);
    for (const { page } of PREVIEW_ENTRIES) {
      const url = entryUrl(page);
      expect(url.searchParams.get('appVersion'), page).toBe('1.0.0');
      expect(url.searchParams.get('productId'), page).toBe('1');
      expect(url.searchParams.get('orderId'), page).toBe('86');
      expect(url.searchParams.has('sessionId'), page).toBe(false); // empty values are left out
    }
    expect(entryUrl('paymentInstructions').pathname).toBe('/paymentInstructions');
    expect(entryUrl('loanConfirm').pathname).toBe('/confirmLoan');
  });

  it('editing a value changes every link; the session this tab has fills sessionId', () => {
    setSession({ sessionId: 'tok-1', userId: '5' });
    renderPage(<TestPreviewPage />, { route: '/testPreview' });
    expect(entryUrl('repay').searchParams.get('sessionId')).toBe('tok-1');
    fireEvent.change(screen.getByTestId('preview-field-orderId'), { target: { value: '83' } });
    fireEvent.change(screen.getByTestId('preview-field-gps_adid'), { target: { value: 'ad-9' } });
    for (const { page } of PREVIEW_ENTRIES) {
      expect(entryUrl(page).searchParams.get('orderId'), page).toBe('83');
      expect(entryUrl(page).searchParams.get('gps_adid'), page).toBe('ad-9');
    }
  });

  it('the Install button appears only after the browser offered the install prompt', async () => {
    renderPage(<TestPreviewPage />, { route: '/testPreview' });
    expect(screen.queryByTestId('preview-install')).toBeNull();
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    fireEvent(window, offer);
    expect(offer.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByTestId('preview-install'));
    // The outcome is always on the page (empty until the browser answers): wait for its words.
    await waitFor(() => expect(screen.getByTestId('preview-install-outcome').textContent).toBe('Installed'));
    expect(screen.queryByTestId('preview-install')).toBeNull();
  });
});
