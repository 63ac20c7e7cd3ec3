import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { envelope } from '../../../test/fetch-mock';
import { announced, api, calls, fillAll, form, P, QUERY, ready, renderLanding, tap, type } from './test-fixtures';

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('promotion registration form (spec 001 §3–§5, §8)', () => {
  it('spec 001 §3: the inputs keep at most 11 phone digits, 4 captcha characters and 6 code digits', async () => {
    api();
    renderLanding();
    await screen.findByTestId('promotion-phone');
    type('promotion-phone', '0917-556-29001234');
    expect(screen.getByTestId('promotion-phone')).toHaveProperty('value', '0917 556 2900');
    type('promotion-captcha', 'ab-cde');
    expect(screen.getByTestId('promotion-captcha')).toHaveProperty('value', 'ABCD');
    type('promotion-sms', '12a34567');
    expect(screen.getByTestId('promotion-sms')).toHaveProperty('value', '123456');
  });

  it('spec 001 §5, §8: get-code needs a correct phone, then the picture captcha', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    await tap('promotion-get-code');
    await announced('Enter the phone number correctly');
    type('promotion-phone', '0817 123 4567');
    await tap('promotion-get-code');
    await announced('Enter the phone number correctly');
    type('promotion-phone', '09175562900');
    await tap('promotion-get-code');
    await announced('Enter the picture captcha correctly');
    type('promotion-captcha', 'AC');
    await tap('promotion-get-code');
    await announced('Enter the picture captcha correctly');
    expect(calls(seen, '/promotion/get-sms')).toHaveLength(0);
  });

  it('spec 001 §5: refreshing the picture captcha needs a phone first', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    await tap('promotion-captcha-image');
    await announced('Enter the phone number correctly');
    expect(calls(seen, '/promotion/get-sid')).toHaveLength(1);
    type('promotion-phone', '09175562900');
    type('promotion-captcha', 'ACEF');
    await tap('promotion-captcha-image');
    await waitFor(() => expect(calls(seen, '/promotion/get-sid')).toHaveLength(2));
    expect(screen.getByTestId('promotion-captcha')).toHaveProperty('value', '');
    await waitFor(() =>
      expect(screen.getByTestId('promotion-captcha-image').querySelector('img')?.getAttribute('src')).toMatch(
        /sid=sid-\d+-a+&t=\d+$/,
      ),
    );
  });

  it('spec 001 §4, §8: a sent code starts the 60 s countdown; a tap during it warns and sends nothing', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    type('promotion-phone', '0917 556 2900');
    type('promotion-captcha', 'acef');
    await tap('promotion-get-code');
    await announced('Verification code sent, please check your phone');
    expect(screen.getByTestId('promotion-get-code').textContent).toBe('Resend in 60 s');
    const sms = calls(seen, '/promotion/get-sms');
    expect(form(sms[0])).toEqual({
      phone: '09175562900',
      sid: expect.stringMatching(/^sid-/),
      capcode: 'ACEF',
      // spec 001 §7: a browser visitor sends its own device id (kept on the device) and the web's app name.
      deviceId: expect.stringMatching(/^web-[0-9a-f]{32}$/),
      appName: 'web',
      app_from: 'hiram',
      user_from: 'facebook',
      utm_tag: 'launch',
    });
    expect(document.activeElement).toBe(screen.getByTestId('promotion-sms'));
    await tap('promotion-get-code');
    await announced('Please do not send the code twice');
    expect(calls(seen, '/promotion/get-sms')).toHaveLength(1);
  });

  it('spec 001 §8: code 101 shows the message and brings a new picture captcha', async () => {
    const seen = api({
      [`${P}/promotion/get-sms`]: envelope(null, 101, 'The picture captcha is not correct. Please enter the new one.'),
    });
    renderLanding();
    await ready(seen);
    type('promotion-phone', '09175562900');
    type('promotion-captcha', 'ACEF');
    await tap('promotion-get-code');
    await announced('The picture captcha is not correct. Please enter the new one.');
    await waitFor(() => expect(calls(seen, '/promotion/get-sid')).toHaveLength(2));
    expect(screen.getByTestId('promotion-captcha')).toHaveProperty('value', '');
    expect(screen.getByTestId('promotion-get-code').textContent).toBe('Get code');
  });

  it('spec 001 §8: code 11 on get-sms says so and goes to #/downloadTemplate with the same query', async () => {
    const seen = api({ [`${P}/promotion/get-sms`]: envelope(null, 11, 'already') });
    renderLanding();
    await ready(seen);
    type('promotion-phone', '09175562900');
    type('promotion-captcha', 'ACEF');
    await tap('promotion-get-code');
    await announced('You are already registered, please download the app and log in');
    expect(screen.getByTestId('hash').textContent).toBe(`#/downloadTemplate${QUERY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Download the app' })).toBeDefined();
  });

  it('spec 001 §8: the server says how long to wait; the countdown shows it', async () => {
    const seen = api({
      [`${P}/promotion/get-sms`]: envelope(
        { resendAfterSeconds: 42 },
        42204,
        'Please do not send the code twice. Try again in 42 s.',
        422,
      ),
    });
    renderLanding();
    await ready(seen);
    type('promotion-phone', '09175562900');
    type('promotion-captcha', 'ACEF');
    await tap('promotion-get-code');
    await announced('Please do not send the code twice. Try again in 42 s.');
    expect(screen.getByTestId('promotion-get-code').textContent).toBe('Resend in 42 s');
  });

  it('spec 001 §5, §8: Apply checks phone, captcha and SMS code in turn, and tracks the click', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    await tap('promotion-apply');
    await announced('Enter the phone number correctly');
    type('promotion-phone', '09175562900');
    await tap('promotion-apply');
    await announced('Enter the picture captcha correctly');
    type('promotion-captcha', 'ACEF');
    type('promotion-sms', '12345');
    await tap('promotion-apply');
    await announced('Enter the SMS code correctly');
    expect(calls(seen, '/promotion/register')).toHaveLength(0);
    const clicks = calls(seen, '/promotion/track-click');
    expect(clicks).toHaveLength(3);
    expect(clicks[2]?.url.searchParams.get('phone')).toBe('09175562900');
    expect(clicks[2]?.url.searchParams.get('client_type')).toBe('android');
  });

  it('spec 001 §4, §7: a registration sends the attribution and goes to #/downloadTemplate with the same query', async () => {
    const seen = api();
    renderLanding();
    await ready(seen);
    await fillAll();
    await tap('promotion-apply');
    await announced('Registration successful');
    expect(form(calls(seen, '/promotion/register')[0])).toEqual({
      phone: '09175562900',
      sid: expect.stringMatching(/^sid-/),
      capcode: 'ACEF',
      smsCode: '123456',
      merchantNumber: '0',
      userName: '09175562900',
      invite_code: 'JUAN',
      id: '1',
      deviceId: expect.stringMatching(/^web-[0-9a-f]{32}$/),
      appName: 'web',
      app_from: 'hiram',
      user_from: 'facebook',
      utm_tag: 'launch',
    });
    expect(screen.getByTestId('hash').textContent).toBe(`#/downloadTemplate${QUERY}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Get the Hiram app' })).toBeDefined();
  });

  it('spec 001 §8: register 11 also goes to the download page', async () => {
    const seen = api({ [`${P}/promotion/register`]: envelope(null, 11, 'already') });
    renderLanding();
    await ready(seen);
    await fillAll();
    await tap('promotion-apply');
    await announced('You are already registered, please download the app and log in');
    expect(screen.getByTestId('hash').textContent).toBe(`#/downloadTemplate${QUERY}`);
  });

  it('spec 001 §8: register -1 shows the message and brings a new picture captcha; the page stays', async () => {
    const seen = api({
      [`${P}/promotion/register`]: envelope(null, -1, 'The picture captcha has expired. Please enter the new one.'),
    });
    renderLanding();
    await ready(seen);
    await fillAll();
    await tap('promotion-apply');
    await announced('The picture captcha has expired. Please enter the new one.');
    await waitFor(() => expect(calls(seen, '/promotion/get-sid')).toHaveLength(2));
    expect(screen.getByTestId('hash').textContent).toBe('');
    expect(screen.getByTestId('promotion-sms')).toHaveProperty('value', '123456');
  });

  it('spec 001 §8: other codes show the server message; a network failure says so', async () => {
    const seen = api({
      [`${P}/promotion/register`]: envelope(
        null,
        42201,
        'The code is not correct. Please check the SMS and try again.',
        422,
      ),
    });
    renderLanding();
    await ready(seen);
    await fillAll();
    await tap('promotion-apply');
    await announced('The code is not correct. Please check the SMS and try again.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await tap('promotion-apply');
    await announced('Network error, please try again');
  });
});
