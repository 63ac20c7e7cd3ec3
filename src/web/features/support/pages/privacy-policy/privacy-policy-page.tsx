import { t } from '../../../../lib/i18n';
import { PageLayout } from '../../../../lib/ui/page-layout';
import { QueryState } from '../../../../lib/ui/query-state';
import { useCompanyInfo } from '../../../../lib/api/company-info';
import { Document } from '../../components/document';
import { privacyPolicyContent } from './content';

/** spec 000 §2 Privacy policy: names the lender and its registration numbers. */
export function PrivacyPolicyPage() {
  const company = useCompanyInfo();
  return (
    <PageLayout title={t('page.privacyPolicy')}>
      <QueryState query={company}>{(info) => <Document content={privacyPolicyContent(info)} />}</QueryState>
    </PageLayout>
  );
}
