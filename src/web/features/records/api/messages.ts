import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageSettings,
  myMessages,
  type OPTIONAL_MESSAGE_KINDS,
  saveMessageSetting,
} from '../../../../shared/contracts/messages';
import { callApi, callKey, callQueryOptions } from '../../../lib/api';

export type OptionalKind = (typeof OPTIONAL_MESSAGE_KINDS)[number];

/** The SMS messages sent about an order (and the borrower's own), newest first. */
export function useMyMessages(orderId?: number) {
  return useQuery(callQueryOptions(myMessages, orderId === undefined ? {} : { orderId }, { silent: true }));
}

/** Which optional messages the borrower gets, and a way to change one (the server's answer is shown). */
export function useMessageSettings() {
  const client = useQueryClient();
  const query = useQuery(callQueryOptions(messageSettings, {}, { silent: true }));
  const save = async (kind: OptionalKind, enabled: boolean) => {
    const reply = await callApi(saveMessageSetting, { kind, enabled });
    if (reply.success && reply.data) client.setQueryData(callKey(messageSettings, {}), reply.data);
  };
  return { query, save };
}
