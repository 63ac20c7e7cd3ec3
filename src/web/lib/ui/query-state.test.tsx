import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { ApiError, ClientCode } from '../api/errors';
import { t } from '../i18n';
import { QueryState } from './query-state';

const failed = (code: number | string, message = 'It did not work') => ({
  data: undefined,
  isError: true,
  error: new ApiError({ success: false, code, message, data: null }),
  refetch: () => undefined,
});

describe('QueryState offers "Try again" only where asking again could help', () => {
  it.each([
    ['a network failure', ClientCode.NETWORK],
    ['a reply that was not ours', ClientCode.BAD_REPLY],
    ['a server error', Code.SERVER_ERROR],
    ['a briefly unavailable database', Code.UNAVAILABLE],
    ['a rate limit', Code.RATE_LIMITED],
  ])('%s: the reason and Try again', (_name, code) => {
    // Within what this test rendered: the toast announcer (another alert) may already be on the page.
    const { container } = render(<QueryState query={failed(code)}>{() => null}</QueryState>);
    expect(within(container).getByRole('alert').textContent).toContain('It did not work');
    expect(within(container).getByRole('button', { name: t('common.retry') })).toBeDefined();
  });

  it.each([
    ['not found', Code.NOT_FOUND],
    ['bad input', Code.BAD_REQUEST],
    ['not allowed', Code.FORBIDDEN],
    ['a conflict of state', Code.CONFLICT],
  ])('%s: the reason only', (_name, code) => {
    // Within what this test rendered: the toast announcer (another alert) may already be on the page.
    const { container } = render(<QueryState query={failed(code)}>{() => null}</QueryState>);
    expect(within(container).getByRole('alert').textContent).toContain('It did not work');
    expect(within(container).queryByRole('button')).toBeNull();
  });
});
