import { localeContent } from '../../../../lib/i18n/locale-content';
import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { aboutUsEn } from './content.en';

const content = localeContent(aboutUsEn, { fil: () => import('./content.fil').then((m) => m.aboutUsFil) });

export function aboutUsContent(company: CompanyInfo): DocContent {
  return content.get()(company);
}
