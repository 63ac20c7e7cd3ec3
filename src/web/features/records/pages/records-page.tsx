import { Link, useSearchParams } from '../../../lib/router';
import type { OrderRecords, ScheduleRow } from '../../../../shared/contracts/records';
import { formatMoney } from '../../../../shared/format/money';
import { href } from '../../../../shared/pages';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useOrderRecords } from '../api/records';
import { Messages } from '../components/messages';
import { idParam, Lines, useBackOrClose } from '../components/records-parts';
import styles from '../components/records.module.css';

const STATE_CLASS = { paid: styles.paid, late: styles.late, open: '' } as const;

function rowTitle(row: ScheduleRow, count: number): string {
  if (row.kind === 'installment')
    return t('records.installment', {
      period: row.period ?? 0,
      count,
      date: row.dueDate ? humanDate(row.dueDate) : '',
    });
  if (row.kind === 'extensionFees') return t('records.extensionFees');
  if (row.kind === 'penalties') return t('records.penalties');
  return t('records.otherCharges');
}

/** The schedule as the server reads it from the loan engine: each installment and charge, paid and left. */
function Schedule({ records }: { records: OrderRecords }) {
  const count = records.schedule.filter((row) => row.kind === 'installment').length;
  const { totals } = records;
  return (
    <section className={styles.card} aria-labelledby="records-schedule" data-testid="records-schedule">
      <h2 id="records-schedule" className={styles.heading}>
        {t('records.schedule')}
      </h2>
      {records.schedule.length === 0 ? <p className={styles.note}>{t('records.noSchedule')}</p> : null}
      {records.schedule.map((row) => (
        <div
          key={`${row.kind}-${row.period ?? ''}`}
          className={styles.item}
          data-testid="schedule-row"
          data-state={row.state}
        >
          <h3 className={styles.itemTitle}>
            <span>{rowTitle(row, count)}</span>
            <span className={`${styles.badge} ${STATE_CLASS[row.state]}`}>{t(`records.state.${row.state}`)}</span>
          </h3>
          <Lines
            lines={[
              row.kind === 'installment' && { label: t('records.principal'), value: formatMoney(row.principal) },
              row.kind === 'installment' && { label: t('records.interest'), value: formatMoney(row.interest) },
              row.kind !== 'installment' && { label: t('records.fees'), value: formatMoney(row.fees) },
              { label: t('records.paid'), value: formatMoney(row.paid) },
              { label: t('records.left'), value: formatMoney(row.left) },
            ]}
          />
        </div>
      ))}
      {records.schedule.length > 0 ? (
        <div className={styles.totals}>
          <h3 className={styles.itemTitle}>{t('records.totals')}</h3>
          <Lines
            testId="schedule-totals"
            lines={[
              { label: t('records.principal'), value: formatMoney(totals.principal) },
              { label: t('records.interest'), value: formatMoney(totals.interest) },
              totals.fees > 0 && { label: t('records.fees'), value: formatMoney(totals.fees) },
              { label: t('records.paid'), value: formatMoney(totals.paid) },
              { label: t('records.left'), value: formatMoney(totals.left), testId: 'schedule-left' },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}

/** Every payment, each opening its receipt; a reversed one says so and counts for nothing. */
function Payments({ records }: { records: OrderRecords }) {
  return (
    <section className={styles.card} aria-labelledby="records-payments" data-testid="records-payments">
      <h2 id="records-payments" className={styles.heading}>
        {t('records.payments')}
      </h2>
      {records.payments.length === 0 ? <p className={styles.note}>{t('records.noPayments')}</p> : null}
      <ul className={styles.list}>
        {records.payments.map((p) => (
          <li key={p.paymentId}>
            <Link
              className={styles.payment}
              to={href('receipt', { orderId: records.orderId, paymentId: p.paymentId })}
              data-testid="payment-row"
              data-status={p.status}
            >
              <span className={styles.paymentText}>
                <strong className={p.status === 'reversed' ? styles.reversedAmount : undefined}>
                  {formatMoney(p.amount)}
                </strong>
                <span>{`${humanDate(p.paidOn)} · ${p.channel}`}</span>
                <span>{t('records.referenceValue', { reference: p.reference })}</span>
              </span>
              {p.status === 'reversed' ? (
                <span className={`${styles.badge} ${styles.late}`}>{t('records.reversed')}</span>
              ) : (
                <span className={styles.open}>{t('records.receipt')}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The terms the borrower accepted, the agreement, and the certificate once the loan is settled. */
function Documents({ records }: { records: OrderRecords }) {
  const { orderId, productId } = records;
  return (
    <section className={styles.card} aria-labelledby="records-documents" data-testid="records-documents">
      <h2 id="records-documents" className={styles.heading}>
        {t('records.documents')}
      </h2>
      {records.disclosures.map((d) => (
        <Link
          key={d.id}
          className={styles.link}
          to={href('loanDisclosure', { orderId })}
          data-testid="records-disclosure"
        >
          {t(d.kind === 'renewal' ? 'records.renewalAccepted' : 'records.disclosureAccepted', {
            date: humanDate(d.acceptedAt),
          })}
        </Link>
      ))}
      {records.agreement ? (
        <Link
          className={styles.link}
          to={href('loanAgreement', { productId, position: 1, orderId })}
          data-testid="records-agreement"
        >
          {t('records.agreement')}
        </Link>
      ) : null}
      {records.settled ? (
        <Link className={styles.link} to={href('paymentCertificate', { orderId })} data-testid="records-certificate">
          {t('records.certificate')}
        </Link>
      ) : (
        <p className={styles.note}>{t('records.certificateLater')}</p>
      )}
    </section>
  );
}

/** An order's records: its schedule, its payments with their receipts, its accepted terms and certificate. */
export function RecordsPage() {
  const [params] = useSearchParams();
  const records = useOrderRecords(idParam(params.get('orderId')));
  const back = useBackOrClose();
  return (
    <PageLayout title={t('page.records')} onBack={back}>
      <QueryState query={records}>
        {(r) => (
          <>
            <section className={styles.card} aria-labelledby="records-summary" data-testid="records-summary">
              <h2 id="records-summary" className={styles.heading}>
                {r.productName}
              </h2>
              <Lines
                lines={[
                  { label: t('records.contractNo'), value: r.orderNo },
                  { label: t('records.amount'), value: formatMoney(r.amount) },
                  r.disbursedOn !== null && { label: t('records.disbursedOn'), value: humanDate(r.disbursedOn) },
                  { label: t('records.totalPaid'), value: formatMoney(r.totalPaid), testId: 'records-total-paid' },
                  r.credit !== 0 && {
                    label: t('records.credit'),
                    value: formatMoney(r.credit),
                    testId: 'records-credit',
                  },
                ]}
              />
            </section>
            <Schedule records={r} />
            <Payments records={r} />
            <Documents records={r} />
            <Messages orderId={r.orderId} />
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
