import type { AmountLineView } from '../../../../shared/contracts/amount-explained';
import { formatMoney } from '../../../../shared/format/money';
import { formatBps } from '../../../../shared/format/percent';
import { t } from '../../../lib/i18n';
import styles from './amount-explained.module.css';

const n = (value: number | null) => value ?? 0;
const day = (value: string | null) => value ?? '';

/** The line's name and the rule of the loan terms that made it, in the reader's language. */
function wording(line: AmountLineView): { label: string; rule: string | null } {
  const where = { n: n(line.installment), count: n(line.installments) };
  switch (line.kind) {
    case 'principal':
      return { label: t('why.principal', where), rule: t('why.principal.rule', { date: day(line.date) }) };
    case 'interest':
      return {
        label: t('why.interest', where),
        rule: t('why.interest.rule', {
          rate: formatBps(n(line.rateBps)),
          days: n(line.days),
          base: formatMoney(n(line.base)),
          date: day(line.date),
        }),
      };
    case 'extension-interest':
      return {
        label: t('why.extensionInterest', where),
        rule: t('why.extensionInterest.rule', {
          rate: formatBps(n(line.rateBps)),
          days: n(line.days),
          base: formatMoney(n(line.base)),
          date: day(line.date),
        }),
      };
    case 'service-fee':
      return {
        label: t('why.serviceFee'),
        rule: t('why.serviceFee.rule', { amount: formatMoney(n(line.base)), date: day(line.date) }),
      };
    case 'extension-fees':
      return { label: t('why.extensionFees'), rule: null };
    case 'legal-charges':
      return { label: t('why.legalCharges'), rule: null };
    case 'enforcement-costs':
      return { label: t('why.enforcementCosts'), rule: null };
    case 'default-charge':
      return {
        label: t('why.defaultCharge'),
        rule: t('why.defaultCharge.rule', { date: day(line.date), amount: formatMoney(n(line.base)) }),
      };
    case 'penalty':
      return {
        label: t('why.penalty', { date: day(line.date) }),
        rule: t('why.penalty.rule', {
          day: n(line.overdueDay),
          rate: formatBps(n(line.rateBps)),
          base: formatMoney(n(line.base)),
        }),
      };
    case 'penalties-earlier':
      return { label: t('why.penaltiesEarlier', { date: day(line.date) }), rule: null };
    case 'penalties-waived':
      return { label: t('why.penaltiesWaived'), rule: null };
    case 'paid-principal':
      return { label: t('why.paidPrincipal'), rule: t('why.paid.rule') };
    case 'paid-interest':
      return { label: t('why.paidInterest'), rule: t('why.paid.rule') };
    case 'paid-penalties':
      return { label: t('why.paidPenalties'), rule: t('why.paid.rule') };
  }
}

/** Which ceiling lowered the line, and by how much. */
function capWording(cap: NonNullable<AmountLineView['cap']>): string {
  const amount = formatMoney(cap.tookOff);
  if (cap.ceiling === 'default-charge-share') return t('why.cap.defaultChargeShare', { amount });
  if (cap.source === null) return t('why.cap.totalCostLender', { amount });
  if (cap.ceiling === 'late-penalty') return t('why.cap.latePenalty', { source: cap.source, amount });
  if (cap.ceiling === 'effective-rate') return t('why.cap.effectiveRate', { source: cap.source, amount });
  return t('why.cap.totalCost', { source: cap.source, amount });
}

/** One line of the amount due: what it is, its amount, its rule, and any ceiling that lowered it. */
export function AmountLine({ line }: { line: AmountLineView }) {
  const { label, rule } = wording(line);
  return (
    <li className={styles.line} data-testid="why-line" data-kind={line.kind} data-amount={line.amount}>
      <div className={styles.head}>
        <span>{label}</span>
        <strong className={line.amount < 0 ? styles.paid : undefined}>{formatMoney(line.amount)}</strong>
      </div>
      {rule ? <p className={styles.rule}>{rule}</p> : null}
      {line.released > 0 ? (
        <p className={styles.rule}>{t('why.penalty.released', { amount: formatMoney(line.released) })}</p>
      ) : null}
      {line.cap ? (
        <p className={styles.cap} data-testid="why-cap">
          {capWording(line.cap)}
        </p>
      ) : null}
    </li>
  );
}
