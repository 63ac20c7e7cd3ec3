import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router';
import { orderDisclosures } from '../../../../shared/contracts/loan-disclosure';
import { href } from '../../../../shared/pages';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import styles from './order.module.css';

/** Before disbursal, terms can change: then the order asks the borrower to read and accept them. */
const WAITING = [21, 110];

/**
 * On the order page, under the banner: a notice when the product's terms changed after the
 * borrower applied. The money waits for their acceptance.
 */
export function TermsNotice({ orderId, status }: { orderId: number; status: number }) {
  const waiting = WAITING.includes(status);
  const disclosures = useQuery({
    ...callQueryOptions(orderDisclosures, { orderId }, { silent: true }),
    enabled: waiting,
  });
  if (!waiting || !disclosures.data?.review) return null;
  return (
    <div className={styles.notice} role="status" data-testid="order-terms-changed">
      <p style={{ margin: '0 0 8px' }}>{t('order.termsChanged')}</p>
      <Link to={href('loanDisclosure', { orderId })} data-testid="order-review-terms">
        {t('order.reviewTerms')}
      </Link>
    </div>
  );
}

/** Always on the order page: the disclosures the borrower accepted, to read again at any time. */
export function DisclosureLink({ orderId }: { orderId: number }) {
  return (
    <Link className={styles.textLink} to={href('loanDisclosure', { orderId })} data-testid="order-disclosure-link">
      {t('order.disclosureLink')}
    </Link>
  );
}

/** Next to the amount due on the order page: "Why this amount?", the amount line by line. */
export function WhyAmountLink({ orderId }: { orderId: number }) {
  return (
    <Link className={styles.whyLink} to={href('amountExplained', { orderId })} data-testid="order-why-amount">
      {t('order.whyAmount')}
    </Link>
  );
}
