import { formatLongDate } from '../../../lib/format-long-date';
import { interpolate, t } from '../../../lib/i18n';
import { useCompanyInfo } from '../../../lib/api/company-info';
import { AGREEMENT_UPDATED, agreementText } from '../agreement/content';
import { LoadFailed, Loading } from './states';
import styles from './promotion.module.css';

/** spec 001 §2.2 #/agreementTemplate: the registration agreement, naming the lender from its identity. */
export function AgreementView() {
  const company = useCompanyInfo();
  if (company.isPending) return <Loading />;
  if (!company.data) return <LoadFailed onRetry={() => void company.refetch()} />;
  const values = company.data;
  const fill = (text: string) => interpolate(text, values);
  const { intro, sections } = agreementText();
  return (
    <article className={styles.document}>
      <p className={styles.updated}>{t('promotion.agreementUpdated', { date: formatLongDate(AGREEMENT_UPDATED) })}</p>
      <p>{fill(intro)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
