import { useQuery } from '@tanstack/react-query';
import type { CallReply } from '../../../../shared/api/define-call';
import { channelTemplate } from '../../../../shared/contracts/promotion';
import { callQueryOptions } from '../../../lib/api';

export type Template = CallReply<typeof channelTemplate>;

/** spec 001 §7: GET channel-template (templateId) → the template; success "00". */
export const channelTemplateQuery = (templateId: number) => ({
  // The page draws its own "not available" state; no toast over it.
  ...callQueryOptions(channelTemplate, { templateId }, { silent: true }),
  staleTime: 5 * 60_000,
});

export function useChannelTemplate(templateId: number | undefined) {
  return useQuery({ ...channelTemplateQuery(templateId ?? 0), enabled: templateId !== undefined });
}
