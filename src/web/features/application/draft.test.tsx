import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationItem } from '../../../shared/contracts/application';
import { endSession, forgetBorrower, markWebSignedIn, rememberBorrower } from '../../lib/session';
import { envelope, mockApi } from '../../test/fetch-mock';
import { renderPage } from '../../test/render';
import { DRAFT_MAX_AGE_MS, readDraft } from './draft';
import { ApplicationPage } from './pages/application-page';

const item = (over: Partial<ApplicationItem>): ApplicationItem => ({
  category: 'txt',
  code: 'x',
  value: '',
  title: 'X',
  subtitle: '',
  note: [],
  inputType: 'text',
  required: true,
  maxLength: 100,
  ...over,
});

const form = () =>
  envelope({
    sections: [
      {
        key: 'personal',
        title: 'Personal details',
        done: false,
        items: [item({ code: 'fullName', title: 'Full name' }), item({ code: 'email', title: 'E-mail' })],
      },
    ],
    consent: { version: 'v1', text: 'x', givenAt: '2026-11-26T00:00:00Z' },
    editable: true,
    missing: ['personal', 'bank'],
  });

async function nameField() {
  return (await screen.findByLabelText(/^Full name/, {}, { timeout: 8000 })) as HTMLInputElement;
}

beforeEach(() => {
  forgetBorrower();
  markWebSignedIn('41');
  rememberBorrower('41', '09171234567');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetBorrower();
  endSession();
});

describe('unsaved answers are kept on the device', () => {
  it('what was typed and not saved comes back after a reload', async () => {
    mockApi({ '/v3/application/form': form() });
    const first = renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    fireEvent.change(await nameField(), { target: { value: 'Carmela Dizon' } });
    first.unmount();

    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    expect((await nameField()).value).toBe('Carmela Dizon');
  });

  it('and after the session expired and the same borrower signed in again', async () => {
    mockApi({ '/v3/application/form': form() });
    const first = renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    fireEvent.change(await nameField(), { target: { value: 'Carmela Dizon' } });
    first.unmount();
    endSession();
    markWebSignedIn('41');
    rememberBorrower('41', '09171234567');

    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    expect((await nameField()).value).toBe('Carmela Dizon');
  });

  it('not for another borrower signing in on the same phone, nor after signing out', async () => {
    mockApi({ '/v3/application/form': form() });
    const first = renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    fireEvent.change(await nameField(), { target: { value: 'Carmela Dizon' } });
    first.unmount();
    endSession();
    markWebSignedIn('42');
    rememberBorrower('42', '09179999999');
    const second = renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    expect((await nameField()).value).toBe('');
    second.unmount();

    markWebSignedIn('41');
    expect(readDraft('personal', ['fullName'])).toEqual({});
    rememberBorrower('41', '09171234567');
    const third = renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    fireEvent.change(await nameField(), { target: { value: 'Ana' } });
    third.unmount();
    forgetBorrower();
    expect(readDraft('personal', ['fullName'])).toEqual({});
  });

  it('a saved step forgets its draft; a draft older than a week is dropped', async () => {
    mockApi({ '/v3/application/form': form(), '/v3/application/save': envelope({}) });
    renderPage(<ApplicationPage />, { route: '/apply?productId=1' });
    fireEvent.change(await nameField(), { target: { value: 'Carmela Dizon' } });
    expect(readDraft('personal', ['fullName'])).toEqual({ fullName: 'Carmela Dizon' });
    expect(readDraft('personal', ['fullName'], Date.now() + DRAFT_MAX_AGE_MS + 1)).toEqual({});
    fireEvent.change(await nameField(), { target: { value: 'Carmela Dizon' } });
    fireEvent.change(await nameField(), { target: { value: 'Carmela D. Dizon' } });
    fireEvent.click(screen.getByTestId('apply-save'));
    await waitFor(() => expect(readDraft('personal', ['fullName'])).toEqual({}));
  });
});
