import { useEffect, useId, useState } from 'react';
import type { CallReply } from '../../../../shared/api/define-call';
import type { loanCalculator } from '../../../../shared/contracts/official-site';
import { formatBps } from '../../../../shared/format/percent';
import { href, pages } from '../../../../shared/pages';
import { formatMoney } from '../../../lib/format';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { useLoanCalculator } from '../api/get-loan-calculator';
import { SECTION } from './site-header';
import styles from './cost-calculator.module.css';

type Calculator = CallReply<typeof loanCalculator>;
type Product = Calculator['products'][number];

/** How long the slider rests before the price is asked for: one request per choice, not per pixel. */
const SETTLE_MS = 300;

/** "Borrow ₱3,000.00 to ₱50,000.00, from 0.10% a day": the range and the lowest rate on offer. */
export function rangeLine(products: readonly Product[]): string {
  const min = Math.min(...products.map((p) => p.minAmount));
  const max = Math.max(...products.map((p) => p.maxAmount));
  const rate = Math.min(...products.map((p) => p.dailyInterestBps));
  return t('site.calc.range', { min: formatMoney(min), max: formatMoney(max), rate: formatBps(rate) });
}

/** The amount, moved by its step with − and + or the slider; reported once it settles. */
function AmountInput({ product, value, onChange }: { product: Product; value: number; onChange: (v: number) => void }) {
  const [draft, setDraft] = useState(value);
  const id = useId();
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  const { minAmount: min, maxAmount: max, amountStep: step } = product;
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('site.calc.amount')}
      </label>
      <div className={styles.amountRow}>
        <button
          type="button"
          className={styles.step}
          aria-label={t('site.calc.less')}
          disabled={draft <= min}
          onClick={() => setDraft(clamp(draft - step))}
        >
          −
        </button>
        <output className={styles.amount} htmlFor={id} aria-live="polite" data-testid="calc-amount">
          {formatMoney(draft)}
        </output>
        <button
          type="button"
          className={styles.step}
          aria-label={t('site.calc.more')}
          disabled={draft >= max}
          onClick={() => setDraft(clamp(draft + step))}
          data-testid="calc-more"
        >
          +
        </button>
      </div>
      <input
        id={id}
        type="range"
        className={styles.slider}
        min={min}
        max={max}
        step={step}
        value={draft}
        aria-valuetext={formatMoney(draft)}
        onChange={(event) => setDraft(Number(event.target.value))}
        data-testid="calc-slider"
      />
      <p className={styles.hint}>
        {t('site.calc.between', { min: formatMoney(min), max: formatMoney(max), step: formatMoney(step) })}
      </p>
    </div>
  );
}

function Choice<T extends number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.chips}>
        {options.map((o) => (
          <label key={o.value} className={styles.chip}>
            <input type="radio" name={name} checked={o.value === value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Result({ quote }: { quote: Calculator['quote'] }) {
  const apply = href('login', {
    redirect: href('loanConfirm', { productId: quote.productId, amount: quote.amount, termDays: quote.termDays }),
  });
  const rows: [string, string, string][] = [
    [t('site.calc.receive'), formatMoney(quote.netProceeds), 'calc-receive'],
    [t('site.calc.fee'), formatMoney(quote.serviceFee), 'calc-fee'],
    [t('site.calc.interest'), formatMoney(quote.interest), 'calc-interest'],
    [t('site.calc.totalRepay'), formatMoney(quote.totalRepayable), 'calc-total'],
    [t('site.calc.totalCost'), formatMoney(quote.totalCost), 'calc-cost'],
    [
      t('site.calc.effectiveRate'),
      t('site.calc.rateValue', {
        monthly: formatBps(quote.effectiveRate.monthlyBps),
        yearly: formatBps(quote.effectiveRate.compoundedAnnualBps),
      }),
      'calc-rate',
    ],
  ];
  return (
    <div className={styles.result} aria-live="polite">
      <dl className={styles.figures}>
        {rows.map(([label, value, testId]) => (
          <div key={testId} className={styles.figure}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <table className={styles.schedule} data-testid="calc-schedule">
        <caption>{t('site.calc.schedule')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('site.calc.period')}</th>
            <th scope="col">{t('site.calc.dueDate')}</th>
            <th scope="col">{t('site.calc.pay')}</th>
          </tr>
        </thead>
        <tbody>
          {quote.schedule.map((row) => (
            <tr key={row.period}>
              <td>{row.period}</td>
              <td>{humanDate(row.dueDate)}</td>
              <td>{formatMoney(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>{t('site.calc.note')}</p>
      <a className={styles.apply} href={apply} data-testid="calc-apply">
        {t('site.calc.apply', { amount: formatMoney(quote.amount) })}
      </a>
      <a className={styles.signIn} href={pages.login}>
        {t('site.calc.haveAccount')}
      </a>
    </div>
  );
}

/**
 * The cost of a loan before signing up: amount and term in, the engine's schedule, total cost and
 * effective rate out (the server prices it as the confirm page would), then Apply with that choice.
 */
export function CostCalculator() {
  const [choice, setChoice] = useState<{ productId?: number; amount?: number; termDays?: number }>({});
  const calc = useLoanCalculator(choice);
  const data = calc.data;
  // The choice shows at once; the figures follow when the server has priced it.
  const product = data?.products.find((p) => p.productId === (choice.productId ?? data.quote.productId));
  return (
    <section
      id={SECTION.calculator}
      // Until the figures come, the section keeps the place the calculator will take.
      className={data ? styles.section : `${styles.section} ${styles.waiting}`}
      aria-labelledby="site-calculator"
      aria-busy={data ? undefined : true}
    >
      <div className={styles.inner}>
        <h2 id="site-calculator" className={styles.heading}>
          {t('site.calc.title')}
        </h2>
        {data && product ? (
          <>
            <p className={styles.range} data-testid="calc-range">
              {rangeLine(data.products)}
            </p>
            {data.products.length > 1 ? (
              <Choice
                legend={t('site.calc.product')}
                name="calc-product"
                options={data.products.map((p) => ({ value: p.productId, label: p.name }))}
                value={product.productId}
                onChange={(productId) => setChoice({ productId })}
              />
            ) : null}
            <AmountInput
              key={product.productId}
              product={product}
              value={
                choice.amount ?? (data.quote.productId === product.productId ? data.quote.amount : product.minAmount)
              }
              onChange={(amount) => setChoice((c) => ({ ...c, productId: product.productId, amount }))}
            />
            {product.termOptions.length > 1 ? (
              <Choice
                legend={t('site.calc.term')}
                name="calc-term"
                options={product.termOptions.map((days) => ({ value: days, label: t('site.calc.days', { days }) }))}
                value={
                  choice.termDays ??
                  (data.quote.productId === product.productId ? data.quote.termDays : (product.termOptions[0] ?? 0))
                }
                onChange={(termDays) => setChoice((c) => ({ ...c, productId: product.productId, termDays }))}
              />
            ) : (
              <p className={styles.hint}>{t('site.calc.termFixed', { days: data.quote.termDays })}</p>
            )}
            <Result quote={data.quote} />
          </>
        ) : calc.isError ? (
          <p className={styles.hint} role="alert">
            {t('site.calc.failed')}
          </p>
        ) : (
          <p className={styles.hint}>{t('common.loading')}</p>
        )}
      </div>
    </section>
  );
}
