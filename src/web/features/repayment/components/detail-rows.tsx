import { useState } from 'react';
import { DETAIL_ROWS_FOLDED } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import styles from './repayment.module.css';

/** spec 001 §2.8, §4 Fold: the detail rows, folded to the first two with more / hide. */
export function DetailRows({ rows }: { rows: readonly { text: string; value: string }[] }) {
  const [open, setOpen] = useState(false);
  const shown = open ? rows : rows.slice(0, DETAIL_ROWS_FOLDED);
  return (
    <section className={styles.card}>
      <dl className={styles.rows} data-testid="repay-detail-rows">
        {shown.map((row) => (
          <div key={row.text} className={styles.row}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {rows.length > DETAIL_ROWS_FOLDED ? (
        <button
          type="button"
          className={styles.fold}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="repay-fold"
        >
          {open ? t('repay.hide') : t('repay.more')}
        </button>
      ) : null}
    </section>
  );
}
