import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { loanTerms } from '../../../../shared/contracts/loan-terms';
import { formatMoney } from '../../../../shared/format/money';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import styles from '../components/order.module.css';

const pct = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * spec 001 §2.4, §9 Loan terms and conditions. The figures come from the product configuration
 * the loan engine charges by (GET /v3/public/loan-terms); the clauses are the spec's list.
 */
export function LoanTermsPage() {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || undefined;
  const terms = useQuery(callQueryOptions(loanTerms, { productId }));
  return (
    <PageLayout title={t('page.loanTerms')}>
      <QueryState query={terms}>
        {(x) => (
          <article className={styles.card} data-testid="loan-terms">
            <p>
              These terms govern loans granted by {x.lender}, a lending company registered with the Securities and Exchange Commission, through the {x.productName} product.
              To borrow you must be a Filipino citizen over 18 years of age, with full legal capacity and a permanent address in the Philippines.
            </p>
            <h2 className={styles.sheetTitle}>1. The loan</h2>
            <ul>
              <li>
                Amount: {formatMoney(x.minAmount)} to {formatMoney(x.maxAmount)}; term: {x.termDays} calendar days
                {x.periods > 1 ? ` in ${x.periods} installments` : ', repaid in one payment'} (our products run from 91 to 365 days).
              </li>
              <li>Interest: {pct(x.dailyInterestBps)} of the outstanding principal per day. Service fee: {pct(x.serviceFeeBps)} of the principal, deducted when the loan is paid out.</li>
              <li>We decide on an application within 1 day; the money is credited within 1 to 3 calendar days after you accept.</li>
              <li>Purposes of the loan: personal and household needs; not for gambling or any unlawful purpose.</li>
            </ul>
            <h2 className={styles.sheetTitle}>2. Late payment</h2>
            <ul data-testid="loan-terms-penalties">
              <li>
                A single default charge of {formatMoney(x.defaultChargeNew)} for new clients and {formatMoney(x.defaultChargeRepeat)} for repeat clients.
              </li>
              {x.penaltyTiers.map((tier) => (
                <li key={tier.fromDay}>
                  Days {tier.fromDay}
                  {tier.toDay ? ` to ${tier.toDay}` : ' onward'}: penalty interest of {pct(tier.monthlyBps)} a month on the unpaid amount, charged daily.
                </li>
              ))}
              <li>Payments after maturity go first to legal charges, then enforcement costs, late penalties, fees, interest and principal.</li>
            </ul>
            <h2 className={styles.sheetTitle}>3. Paying early and extending</h2>
            <ul>
              <li>
                Prepayment is allowed once at least {x.prepayment.minTermSharePercent}% of the term has passed and not earlier than {x.prepayment.minDaysAfterDisbursal} calendar days after disbursal.
              </li>
              {x.extensionAllowed ? (
                <li>An extension (prolongation) lasts one more term of the same length and needs the interest and penalties due, plus an extension fee of {pct(x.extensionFeeBps)} of the outstanding principal.</li>
              ) : (
                <li>This product cannot be extended.</li>
              )}
            </ul>
            {x.bsp1133.applies ? (
              <>
                <h2 className={styles.sheetTitle}>4. Ceilings under BSP Circular No. 1133</h2>
                <ul data-testid="loan-terms-bsp">
                  <li>Nominal interest of at most {x.bsp1133.nominalMonthlyPercent}% a month; effective interest rate of at most {x.bsp1133.effectiveMonthlyPercent}% a month.</li>
                  <li>Late penalties of at most {x.bsp1133.lateMonthlyPercent}% a month on the amount due.</li>
                  <li>Total cost of the loan (interest, fees, penalties and other charges) of at most {x.bsp1133.totalCostPercent}% of the principal.</li>
                </ul>
              </>
            ) : null}
            <h2 className={styles.sheetTitle}>{x.bsp1133.applies ? '5' : '4'}. Your obligations and ours</h2>
            <ul>
              <li>Tell us within 3 days of a change of your name, date of birth or address.</li>
              <li>If a court orders payment, you have 10 days to pay before enforcement. We notify you 7 business days before assigning the loan.</li>
              <li>
                The agreement also covers representations, default, indemnity, disclosure of data and credit reporting, set-off, review, notices and governing law (the laws of the
                Republic of the Philippines).
              </li>
            </ul>
          </article>
        )}
      </QueryState>
    </PageLayout>
  );
}
