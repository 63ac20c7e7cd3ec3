import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeOverview } from '../../../shared/contracts/home';
import { envelope, mockApi } from '../../test/fetch-mock';
import { ApiError, ClientCode, shouldRetry } from './errors';
import { callQueryOptions } from './query';

vi.mock('../toast', () => ({ showToast: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => {}) }));

const overview = { products: [], orders: [] };

afterEach(() => vi.unstubAllGlobals());

describe('query options of one call (one file per endpoint)', () => {
  it('resolves with the reply data, keyed by the contract name and payload', async () => {
    mockApi({ '/v3/home/overview': envelope(overview) });
    const options = callQueryOptions(homeOverview, {});
    expect(options.queryKey).toEqual(['home.overview', {}]);
    await expect(new QueryClient().fetchQuery(options)).resolves.toEqual(overview);
  });

  it('spec 000 §8: a failed call puts the query in its error state with the whole result', async () => {
    mockApi({ '/v3/home/overview': envelope({ extra: 1 }, 50300, 'Try again shortly', 503) });
    const error = await new QueryClient().fetchQuery(callQueryOptions(homeOverview, {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).result).toEqual({
      success: false,
      code: 50300,
      message: 'Try again shortly',
      data: { extra: 1 },
    });
  });

  it('architecture.md: The wire contract: a success whose data breaks the shared contract is an error, not a half-shaped page', async () => {
    mockApi({ '/v3/home/overview': envelope({ products: 'none' }) });
    const error = await new QueryClient().fetchQuery(callQueryOptions(homeOverview, {})).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(ClientCode.BAD_REPLY);
  });

  it('retries once, and only after a network failure', () => {
    const network = new ApiError({ success: false, code: ClientCode.NETWORK, message: '', data: null });
    const refused = new ApiError({ success: false, code: 40000, message: 'No', data: null });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, network)).toBe(false);
    expect(shouldRetry(0, refused)).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
