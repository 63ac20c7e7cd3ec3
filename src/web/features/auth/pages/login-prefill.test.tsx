import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, forgetBorrower, onSessionExpired, resetSessionExpiry } from '../../../lib/session';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { LoginPage } from './login-page';

beforeEach(() => {
  endSession();
  forgetBorrower();
  resetSessionExpiry();
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetBorrower();
});

async function signInAs(phone: string, userId: string) {
  mockApi({ '/v3/auth/login': envelope({ sessionId: 'tok', userId }) });
  const page = renderPage(<LoginPage />, { route: '/login' });
  fireEvent.change(screen.getByTestId('login-phone'), { target: { value: phone } });
  fireEvent.change(screen.getByTestId('login-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
  page.unmount();
}

describe('the sign-in page after a session expired', () => {
  it('a first visit has an empty phone', () => {
    renderPage(<LoginPage />, { route: '/login' });
    expect(screen.getByTestId('login-phone')).toHaveProperty('value', '');
  });

  it('comes back with the phone of the borrower who signed in here', async () => {
    await signInAs('09171234567', '41');
    onSessionExpired();
    renderPage(<LoginPage />, { route: '/login?redirect=%2Fapply' });
    await waitFor(() => expect(screen.getByTestId('login-phone')).toHaveProperty('value', '0917 123 4567'));
  });

  it('not after the borrower signed out on purpose', async () => {
    await signInAs('09171234567', '41');
    forgetBorrower();
    renderPage(<LoginPage />, { route: '/login' });
    expect(screen.getByTestId('login-phone')).toHaveProperty('value', '');
  });
});
