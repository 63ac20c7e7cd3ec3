import { getLocale, type Locale } from '../../../../lib/i18n';
import type { CompanyInfo } from '../../api/get-company-info';
import type { DocContent } from '../../components/document-types';
import { privacyPolicyEn } from './content.en';

const byLocale: Record<Locale, (company: CompanyInfo) => DocContent> = { en: privacyPolicyEn };

export function privacyPolicyContent(company: CompanyInfo): DocContent {
  return byLocale[getLocale()](company);
}
