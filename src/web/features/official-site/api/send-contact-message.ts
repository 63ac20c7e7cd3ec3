import { contactMessage } from '../../../../shared/contracts/official-site';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** POST /owner/v3/public/contact-message (name, telephone, email, remark): stored for the operators. */
export function useSendContactMessage() {
  return useCallMutation(contactMessage, { loading: t('site.contact.sending') });
}
