import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { agreementDocument } from '../../../../shared/contracts/loan-agreements';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import styles from '../components/order.module.css';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * spec 001 §7 contract jump: one agreement (loan agreement, disclosure statement, privacy notice),
 * rendered by the server from the product and the quote, or from the borrower's own order, in the
 * reader's language; a translation opens with the line saying the English text governs.
 */
export function LoanAgreementPage() {
  const [params] = useSearchParams();
  const input = {
    productId: positive(params.get('productId')) ?? 0,
    position: positive(params.get('position')) ?? 1,
    orderId: positive(params.get('orderId')),
    amount: positive(params.get('amount')),
    termDays: positive(params.get('termDays')),
  };
  const doc = useQuery(callQueryOptions(agreementDocument, input, { loading: t('common.loading') }));
  return (
    <PageLayout title={doc.data?.title ?? t('page.loanAgreement')}>
      <QueryState query={doc}>
        {(d) => (
          <article className={styles.card} data-testid="agreement">
            <h2 className={styles.sheetTitle}>{d.title}</h2>
            {d.note ? (
              <p className={styles.notice} data-testid="agreement-note">
                {d.note}
              </p>
            ) : null}
            {d.parties.map((party) => (
              <p key={party}>{party}</p>
            ))}
            {d.rows.length > 0 ? (
              <dl>
                {d.rows.map((row) => (
                  <div key={row.text} className={styles.row}>
                    <dt>{row.text}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {d.sections.map((section) => (
              <section key={section.heading}>
                <h3>{section.heading}</h3>
                {section.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </section>
            ))}
            <p className={styles.hint}>{d.basis === 'order' ? t('agreement.basisOrder') : t('agreement.basisQuote')}</p>
          </article>
        )}
      </QueryState>
    </PageLayout>
  );
}
