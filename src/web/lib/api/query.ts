import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CallDef, CallInput, CallReply } from '../../../shared/api/define-call';
import { t } from '../i18n';
import { type CallOptions, callApi } from './client';
import { ApiError, ClientCode } from './errors';

/** The query key of one call: its contract name and payload. */
export function callKey<C extends CallDef>(call: C, payload: CallInput<C>) {
  return [call.name, payload] as const;
}

/**
 * Query options for one call (one file per endpoint builds its options with this).
 * The server checks every reply against the shared contract before it sends it (its serializer
 * refuses a reply that breaks it), so production pages trust the reply and ship without zod
 * (scripts/vite-shared-for-web.ts). In development and tests the full contract is at hand and the
 * reply is checked here too, so a drift between page and server shows at once.
 */
export function callQueryOptions<C extends CallDef>(call: C, payload: CallInput<C>, options: CallOptions = {}) {
  return queryOptions({
    queryKey: callKey(call, payload),
    // A public read can be answered while the server renders a static page (app/server-render.tsx).
    meta: { publicRead: call.method === 'GET' && !call.auth && !call.staffRole },
    queryFn: async ({ signal }): Promise<CallReply<C>> => {
      const result = await callApi(call, payload, { ...options, signal });
      if (!result.success) throw new ApiError(result);
      if (import.meta.env.DEV && call.reply) {
        const parsed = call.reply.safeParse(result.data);
        if (!parsed.success) {
          throw new ApiError({ success: false, code: ClientCode.BAD_REPLY, message: t('api.badReply'), data: null });
        }
        return parsed.data as CallReply<C>;
      }
      return result.data as CallReply<C>;
    },
  });
}

/**
 * A mutation for one call. It resolves with the call result (success or not) like `callApi`;
 * the server message has already been shown, so pages only decide what happens next.
 */
export function useCallMutation<C extends CallDef>(call: C, options: CallOptions = {}) {
  return useMutation({
    mutationKey: [call.name],
    mutationFn: (payload: CallInput<C>) => callApi(call, payload, options),
  });
}
