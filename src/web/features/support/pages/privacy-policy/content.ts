import { localeContent } from '../../../../lib/i18n/locale-content';
import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { privacyPolicyEn } from './content.en';

const content = localeContent(privacyPolicyEn, { fil: () => import('./content.fil').then((m) => m.privacyPolicyFil) });

export function privacyPolicyContent(company: CompanyInfo): DocContent {
  return content.get()(company);
}
