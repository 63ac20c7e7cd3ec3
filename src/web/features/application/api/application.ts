import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationForm, giveConsent, saveSection, uploadPhoto } from '../../../../shared/contracts/application';
import { callApi, callQueryOptions, useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** The borrower's application as they left it: sections, answers, consent, what is missing. */
export function useApplicationForm() {
  // The page painted from its HTML already holds the form: reading it again then goes without the
  // loading toast, which would load antd-mobile's Toast (about 40 KB with its styles) over a page
  // already shown. Without it (a page opened from another), the toast shows as on every load.
  const held = useQueryClient().getQueryData(callQueryOptions(applicationForm, {}).queryKey) !== undefined;
  // Coming back from the payout-account page shows the account as bound.
  return useQuery({
    ...callQueryOptions(applicationForm, {}, held ? {} : { loading: t('common.loading') }),
    refetchOnMount: 'always',
  });
}

export const useSaveSection = () => useCallMutation(saveSection, { loading: t('apply.saving') });
export const useGiveConsent = () => useCallMutation(giveConsent, { loading: t('apply.saving') });

/** The ID photo or the selfie, uploaded as soon as it is chosen (as complaint evidence is). */
export function uploadApplicationPhoto(file: File) {
  return callApi(uploadPhoto, { photo: file }, { loading: t('apply.uploading') });
}
