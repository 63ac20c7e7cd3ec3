import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, type SeenRequest } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { endSession as clearSession, forgetBorrower, getSession, isWebSignedIn } from '../../../lib/session';
import { LoginPage } from './login-page';

const loginReply = envelope({ sessionId: 'tok-new', userId: '17' });

function api(overrides: Parameters<typeof mockApi>[0] = {}): SeenRequest[] {
  return mockApi({
    '/v3/auth/send-login-code': envelope({ resendAfterSeconds: 60 }),
    '/v3/auth/login': loginReply,
    ...overrides,
  });
}

function typePhone(value: string) {
  fireEvent.change(screen.getByTestId('login-phone'), { target: { value } });
}

function typeCode(value: string) {
  fireEvent.change(screen.getByTestId('login-code'), { target: { value } });
}

async function announced(text: string) {
  await waitFor(() => expect(screen.getByRole('alert').textContent?.trim()).toBe(text));
}

beforeEach(() => {
  clearSession();
  forgetBorrower();
});
afterEach(() => vi.unstubAllGlobals());

describe('web login (architecture.md: Sessions)', () => {
  it('spec 000 §5: the phone input keeps digits, at most 11, shown 3-4-4', () => {
    renderPage(<LoginPage />, { route: '/login' });
    typePhone('0917-123-45678999');
    expect(screen.getByTestId('login-phone')).toHaveProperty('value', '0917 123 4567');
    typePhone('+63 917 123 4567');
    expect(screen.getByTestId('login-phone')).toHaveProperty('value', '0917 123 4567');
  });

  it('architecture.md: Languages and departures: a number that is not a Philippine mobile number is refused before any call', async () => {
    const seen = api();
    renderPage(<LoginPage />, { route: '/login' });
    typePhone('12345');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await announced('Enter a Philippine mobile number like 0917 123 4567');
    expect(seen).toHaveLength(0);
  });

  it('spec 001 §4: after a code is sent the button counts down, and a second tap warns instead of sending', async () => {
    const seen = api();
    renderPage(<LoginPage />, { route: '/login' });
    typePhone('09171234567');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toBe('Resend in 60 s'));
    expect(seen[0]?.body).toBe('phone=09171234567');
    expect(document.activeElement).toBe(screen.getByTestId('login-code'));

    fireEvent.click(screen.getByTestId('login-send-code'));
    await announced('Please do not send the code twice');
    expect(seen).toHaveLength(1);
  });

  it('signing in relies on the cookie (the token stays out of the page), marks the browser signed in and goes to the redirect path', async () => {
    const seen = api();
    renderPage(<LoginPage />, { route: `/login?redirect=${encodeURIComponent('/loanDetail?productId=1&orderId=86')}` });
    typePhone('0917 123 4567');
    typeCode('123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/loanDetail?productId=1&orderId=86');
    expect(seen[0]?.url.pathname).toBe('/owner/v3/auth/login');
    expect(seen[0]?.body).toBe('phone=09171234567&smsCode=123456');
    expect(getSession()).toEqual({ userId: '17' });
    expect(isWebSignedIn()).toBe(true);
  });

  it('architecture.md: Sessions: a redirect to another site is ignored: home instead', async () => {
    api();
    renderPage(<LoginPage />, { route: '/login?redirect=https://evil.example/' });
    typePhone('09171234567');
    typeCode('123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/home');
  });

  it('spec 000 §8: a wrong code shows the server message and keeps the borrower on the page', async () => {
    api({ '/v3/auth/login': envelope(null, 42201, 'The code is wrong', 422) });
    renderPage(<LoginPage />, { route: '/login' });
    typePhone('09171234567');
    typeCode('000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    await announced('The code is wrong');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(getSession()).toEqual({});
  });

  it('a code shorter than 6 digits is refused before any call', async () => {
    const seen = api();
    renderPage(<LoginPage />, { route: '/login' });
    typePhone('09171234567');
    typeCode('12a3');
    expect(screen.getByTestId('login-code')).toHaveProperty('value', '123');
    await act(async () => void fireEvent.click(screen.getByTestId('login-submit')));
    await announced('Enter the 6-digit code from the SMS');
    expect(seen).toHaveLength(0);
  });
  it('after the first free code the server asks for the picture captcha: it appears, and the next send carries it', async () => {
    let sends = 0;
    const seen = api({
      '/v3/auth/send-login-code': () =>
        ++sends === 1
          ? envelope(null, 42800, 'Enter the characters in the picture to get another code.', 428)
          : envelope({ resendAfterSeconds: 60 }),
      '/api/v2/youmi/promotion/get-sid': envelope({ sid: 'sid-login-aaaaaaaaaaaa' }),
    });
    renderPage(<LoginPage />, { route: '/login' });
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    typePhone('09171234567');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await announced('Enter the characters in the picture to get another code.');
    const image = await screen.findByTestId('login-captcha-image');
    await waitFor(() =>
      expect(image.querySelector('img')?.getAttribute('src')).toMatch(/get-captcha\?sid=sid-login-a+&t=\d+/),
    );
    expect(screen.getByTestId('login-send-code').textContent).toBe('Get code');

    fireEvent.click(screen.getByTestId('login-send-code'));
    await announced('Enter the 4 characters in the picture');
    expect(sends).toBe(1);

    fireEvent.change(screen.getByTestId('login-captcha'), { target: { value: 'ac-3f9' } });
    expect(screen.getByTestId('login-captcha')).toHaveProperty('value', 'AC3F');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toBe('Resend in 60 s'));
    const sent = seen.filter((r) => r.url.pathname.endsWith('/send-login-code')).map((r) => r.body);
    expect(sent).toEqual(['phone=09171234567', 'phone=09171234567&sid=sid-login-aaaaaaaaaaaa&capcode=AC3F']);
    // The captcha was spent on that code: the box is cleared and a new picture fetched.
    expect(screen.getByTestId('login-captcha')).toHaveProperty('value', '');
    expect(seen.filter((r) => r.url.pathname.endsWith('/get-sid'))).toHaveLength(2);
  });
});
