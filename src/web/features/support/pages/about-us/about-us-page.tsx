import { t } from '../../../../lib/i18n';
import { PageLayout } from '../../../../lib/ui/page-layout';
import { QueryState } from '../../../../lib/ui/query-state';
import { useCompanyInfo } from '../../../../lib/api/company-info';
import { Document } from '../../components/document';
import { aboutUsContent } from './content';

/** spec 000 §2 About us. */
export function AboutUsPage() {
  const company = useCompanyInfo();
  return (
    <PageLayout title={t('page.aboutUs')}>
      <QueryState query={company}>{(info) => <Document content={aboutUsContent(info)} />}</QueryState>
    </PageLayout>
  );
}
