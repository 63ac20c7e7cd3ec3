import type { AmountLineView } from '../../../../shared/contracts/amount-explained';
import { formatMoney } from '../../../../shared/format/money';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import styles from './amount-explained.module.css';
import { AmountLine } from './amount-line';

/** Lines in the server's order, with each run of daily penalty lines gathered into one group. */
export type Block = { kind: 'line'; line: AmountLineView } | { kind: 'late'; days: AmountLineView[] };

export function blocksOf(lines: readonly AmountLineView[]): Block[] {
  const blocks: Block[] = [];
  for (const line of lines) {
    const last = blocks.at(-1);
    if (line.kind === 'penalty' && last?.kind === 'late') last.days.push(line);
    else if (line.kind === 'penalty') blocks.push({ kind: 'late', days: [line] });
    else blocks.push({ kind: 'line', line });
  }
  return blocks;
}

/**
 * The late days as one line: how many, what they came to, and in words how a ceiling lowered them
 * (what the tiers would have charged, what it took off); each day's own line behind a tap.
 */
export function LateDays({ days }: { days: AmountLineView[] }) {
  const amount = days.reduce((sum, d) => sum + d.amount, 0);
  const tookOff = days.reduce((sum, d) => sum + (d.cap?.tookOff ?? 0), 0);
  const source = days.find((d) => d.cap?.source)?.cap?.source ?? null;
  const lenderLimit = days.some((d) => d.cap && d.cap.source === null);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <li className={styles.line} data-testid="why-late-days" data-days={days.length} data-amount={amount}>
      <div className={styles.head}>
        <span>{t('why.late.label', { from: formatDate(first), to: formatDate(last), days: days.length })}</span>
        <strong>{formatMoney(amount)}</strong>
      </div>
      {tookOff > 0 ? (
        <p className={styles.cap} data-testid="why-late-cap">
          {source && !lenderLimit
            ? t('why.late.capped', {
                priced: formatMoney(amount + tookOff),
                tookOff: formatMoney(tookOff),
                source,
              })
            : t('why.late.cappedLender', { priced: formatMoney(amount + tookOff), tookOff: formatMoney(tookOff) })}
        </p>
      ) : null}
      <details>
        <summary className={styles.rule}>{t('why.late.eachDay')}</summary>
        <ul className={styles.lines}>
          {days.map((line) => (
            <AmountLine key={line.date ?? line.overdueDay} line={line} />
          ))}
        </ul>
      </details>
    </li>
  );
}
