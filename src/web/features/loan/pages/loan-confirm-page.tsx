import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { href, pages } from '../../../../shared/pages';
import { homeOverview } from '../../../../shared/contracts/home';
import { confirmDetail, loanPush } from '../../../../shared/contracts/loan-confirm';
import { formatMoney } from '../../../../shared/format/money';
import { isAllowedRedirect } from '../../../../shared/redirect-allowlist';
import { callQueryOptions, useCallMutation } from '../../../lib/api';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { OpenLoanNotice } from '../../../lib/ui/open-loan-notice';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { Button } from '../../../lib/ui/button';
import { AmountChooser } from '../components/amount-chooser';
import { LabelledRows } from '../components/labelled-rows';
import { useConfirmPopups } from '../components/confirm-popups';
import styles from '../components/order.module.css';
import { useHydrated } from '../../../lib/hooks/use-hydrated';

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The server's summary rows without its first, the loan amount, which the page already shows at
 * the top as the amount chosen ("Loan amount" twice read as two different amounts).
 */
function summaryBelowAmount<R extends { value: string }>(rows: readonly R[], amount: string): readonly R[] {
  return rows[0]?.value === amount ? rows.slice(1) : rows;
}

/** spec 001 §2.10, §4 Loan confirm (routes confirmLoan, confirmLoanNew, confirmLoanPeriod). */
export function LoanConfirmPage() {
  const [params, setParams] = useSearchParams();
  const productId = Number(params.get('productId')) || 1;
  // The amount and term chosen live in the address, replaced as they change: reading an agreement
  // and coming back, a reload or the link in a second tab keep them (the page once fell back to
  // the limit after an agreement was read).
  const chosen = positive(params.get('amount'));
  const termDays = positive(params.get('termDays'));
  const query = params.toString();
  // setParams is made anew each render; a stable `choose` keeps the amount chooser's settle timer.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const choose = useCallback(
    (key: 'amount' | 'termDays', value: number) => {
      const next = new URLSearchParams(query);
      next.set(key, String(value));
      setParamsRef.current(next, { replace: true });
    },
    [query],
  );
  const setChosen = useCallback((amount: number) => choose('amount', amount), [choose]);
  const setTermDays = useCallback((days: number) => choose('termDays', days), [choose]);
  // A new amount or term is quoted by the server; the page keeps showing the last quote meanwhile.
  const detail = useQuery({
    ...callQueryOptions(confirmDetail, { productId, amount: chosen, termDays }, { loading: t('common.loading') }),
    placeholderData: keepPreviousData,
    // Coming back from the application's steps, what is still missing is asked again at once.
    refetchOnMount: 'always',
  });
  // Consent is an act: the box starts unticked on every visit, including after reading a document
  // (departure from spec 001 §2.10's "ticked by default").
  const [agreed, setAgreed] = useState(false);
  // An open application or loan that stops this one is told at the top, before any step, and the
  // steps wait (the server refuses the application while it is open).
  const overview = useQuery(callQueryOptions(homeOverview, {}, { silent: true }));
  const blockedBy = overview.data?.products.find((p) => p.productId === productId)?.blockedBy ?? null;
  const hydrated = useHydrated();
  const push = useCallMutation(loanPush, { loading: t('common.loading') });
  // spec 001 §2.10: the second variant (confirmLoanNew) adds the repayment date, the product's
  // button text and its promotional popup.
  const variant2 = useLocation().pathname === pages.loanConfirmNew;
  const { onBack, popups, blocking } = useConfirmPopups(detail.data, variant2);
  const navigate = useNavigate();

  // A second tap before the first push answers does nothing here (the server, too, answers a
  // repeated push with the order it made): two answers would start two navigations.
  const pushing = useRef(false);
  async function next() {
    const d = detail.data;
    if (!d || !agreed || pushing.current) return;
    pushing.current = true;
    let leaving = false;
    try {
      const result = await push.mutateAsync({
        productId: d.productId,
        amount: d.amount,
        periods: d.periods,
        termUnit: d.termUnit,
        termDays: d.termDays,
        quoteId: d.quoteId,
      });
      // The terms changed while the borrower read them: the toast says so and the page shows the new ones.
      // An application missing a step: the page shows what is left and the way to it.
      if (Number(result.code) === Code.TERMS_CHANGED || Number(result.code) === Code.APPLICATION_INCOMPLETE)
        await detail.refetch();
      if (result.success && result.data && isAllowedRedirect(result.data.lendDetailsUrl)) {
        leaving = true;
        window.location.replace(result.data.lendDetailsUrl);
      }
    } finally {
      if (!leaving) pushing.current = false;
    }
  }

  return (
    <PageLayout title={t('page.loanConfirm')} onBack={onBack}>
      <QueryState query={detail}>
        {(d) => (
          <>
            {blockedBy ? <OpenLoanNotice open={blockedBy} /> : null}
            {blocking ? null : (
              <AmountChooser
                value={d.amount}
                min={d.minAmount}
                max={d.maxAmount}
                step={d.amountStep}
                onChange={setChosen}
              />
            )}
            {blocking ? null : (
              <TermChooser value={termDays ?? d.termDays} options={d.termOptions} onChange={setTermDays} />
            )}
            <section className={styles.card} data-testid="confirm-summary" aria-busy={detail.isPlaceholderData}>
              <div className={styles.product}>
                <img src={d.comProductLogo} alt="" width={32} height={32} />
                <span>{d.comProductName}</span>
              </div>
              <dl>
                <div className={styles.row}>
                  <dt>{t('confirm.amount')}</dt>
                  <dd data-testid="confirm-amount">{formatMoney(d.amount)}</dd>
                </div>
                <div className={styles.row}>
                  <dt>{t('confirm.term')}</dt>
                  <dd>{t('confirm.days', { days: d.termDays })}</dd>
                </div>
                {variant2 ? (
                  <div className={styles.row}>
                    <dt>{t('confirm.repaymentDate')}</dt>
                    <dd data-testid="confirm-repayment-date">{humanDate(d.firstPayTime)}</dd>
                  </div>
                ) : null}
                <div className={styles.row}>
                  <dt>{t('confirm.rate')}</dt>
                  <dd>{d.pRateDsc}</dd>
                </div>
                {summaryBelowAmount(d.details, formatMoney(d.amount)).map((row) => (
                  <div key={row.text} className={styles.row}>
                    <dt>{row.text}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section className={styles.card} data-testid="confirm-plan">
              <h2 className={styles.sheetTitle}>{t('confirm.plan')}</h2>
              {d.repay_plans.map((plan) => (
                <dl key={plan.title}>
                  <div className={styles.row}>
                    <dt>{plan.title}</dt>
                    <dd>{formatMoney(plan.amount)}</dd>
                  </div>
                  <div className={styles.row}>
                    <dt>{t('confirm.progress')}</dt>
                    <dd>{plan.description}</dd>
                  </div>
                  <div className={styles.row}>
                    <dt>{t('confirm.repaymentDate')}</dt>
                    <dd>{humanDate(plan.pay_time)}</dd>
                  </div>
                </dl>
              ))}
            </section>
            <section className={styles.card} data-testid="confirm-disclosure">
              <h2 className={styles.sheetTitle}>{t('confirm.disclosure')}</h2>
              <LabelledRows rows={d.disclosure} />
            </section>
            <label className={styles.agree}>
              <input
                type="checkbox"
                checked={agreed}
                // Painted from the HTML before the script runs: a tick then would be lost.
                disabled={!hydrated}
                onChange={(event) => setAgreed(event.target.checked)}
                data-testid="confirm-agree"
              />
              <span>{t('confirm.agree', { titles: d.agreements.map((a) => a.title).join(', ') })}</span>
            </label>
            <nav className={styles.agreements} aria-label={t('confirm.readAgreements')}>
              {d.agreements.map((a) => (
                <Link
                  key={a.position}
                  to={href('loanAgreement', {
                    productId: d.productId,
                    position: a.position,
                    amount: d.amount,
                    termDays,
                  })}
                  data-testid="agreement-link"
                >
                  {a.title}
                </Link>
              ))}
            </nav>
            <div className={styles.buttons}>
              {d.applicationMissing.length > 0 ? (
                <>
                  <p className={styles.applicationNeeded} data-testid="confirm-application-needed">
                    {t('confirm.applicationNeeded', { count: d.applicationMissing.length })}
                  </p>
                  <Button
                    block
                    size="large"
                    disabled={blockedBy !== null}
                    onClick={() =>
                      void navigate(
                        href('application', {
                          productId: d.productId,
                          amount: d.amount,
                          termDays,
                        }),
                      )
                    }
                    data-testid="confirm-continue-application"
                  >
                    {t('confirm.continueApplication')}
                  </Button>
                </>
              ) : (
                <Button
                  block
                  size="large"
                  disabled={!agreed || blockedBy !== null}
                  loading={push.isPending}
                  onClick={next}
                  data-testid="confirm-next"
                >
                  {variant2 && d.NewButtonMsg ? d.NewButtonMsg : t('confirm.apply', { amount: formatMoney(d.amount) })}
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
      {/* Outside the quote: a new amount re-quotes the page without reopening its popups. */}
      {popups}
    </PageLayout>
  );
}

/**
 * The loan term, where the product offers more than one: a labelled group of radio buttons shown
 * as chips (native inputs, so keys, screen readers and forms work as they do everywhere). The
 * server quotes the term chosen.
 */
function TermChooser({
  value,
  options,
  onChange,
}: {
  value: number;
  options: readonly number[];
  onChange: (termDays: number) => void;
}) {
  if (options.length < 2) return null;
  return (
    <fieldset className={styles.termChooser}>
      <legend>{t('confirm.term')}</legend>
      <div>
        {options.map((days) => (
          <label key={days}>
            <input type="radio" name="termDays" checked={days === value} onChange={() => onChange(days)} />
            {t('confirm.days', { days })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
