import { useQuery } from '@tanstack/react-query';
import { applicationForm, giveConsent, saveSection, uploadPhoto } from '../../../../shared/contracts/application';
import { callApi, callQueryOptions, useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** The borrower's application as they left it: sections, answers, consent, what is missing. */
export function useApplicationForm() {
  // Coming back from the payout-account page shows the account as bound.
  return useQuery({
    ...callQueryOptions(applicationForm, {}, { loading: t('common.loading') }),
    refetchOnMount: 'always',
  });
}

export const useSaveSection = () => useCallMutation(saveSection, { loading: t('apply.saving') });
export const useGiveConsent = () => useCallMutation(giveConsent, { loading: t('apply.saving') });

/** The ID photo or the selfie, uploaded as soon as it is chosen (as complaint evidence is). */
export function uploadApplicationPhoto(file: File) {
  return callApi(uploadPhoto, { photo: file }, { loading: t('apply.uploading') });
}
