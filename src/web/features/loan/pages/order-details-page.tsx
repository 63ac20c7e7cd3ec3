import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import {
  EVENT_MODULE_BORROW_AGAIN,
  EVENT_POSITION_BORROW_AGAIN,
  SESSION_KEY_SHOW_BANK_TIP,
} from '../../../../shared/constants';
import { eventSave, loanDetails } from '../../../../shared/contracts/loan-details';
import { href } from '../../../../shared/pages';
import { isAllowedRedirect } from '../../../../shared/redirect-allowlist';
import { withCommonQuery, callApi, callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { Button } from '../../../lib/ui/button';
import { NoticeDialog } from '../../../lib/ui/notice-dialog';
import { goHome, goToPage, isInNativeApp, trackingPoint } from '../../../lib/native-bridge';
import { RecommendedProducts, ServicePhone } from '../components/order-extras';
import { DisclosureLink, TermsNotice, WhyAmountLink } from '../components/terms-notice';
import styles from '../components/order.module.css';

/** The dialogs bring antd-mobile's overlays (about 35 KB gzip): loaded when one opens. */
const loadDialogs = () => import('../components/order-dialogs');
// (The Kind tips notice, shown on most first views, is the browser's own <dialog>: NoticeDialog.)
const RatingDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RatingDialog })));
/** Only a settled order holding credit shows it: loaded then, not on every order's first view. */
const CreditUse = lazy(() => import('../components/credit-use').then((m) => ({ default: m.CreditUse })));

/**
 * The banner pictures by status. They are small (about 450 B each), so the build writes them into
 * the page as `data:` addresses: the banner is the largest thing the order page paints, and a
 * request of its own cost a round trip after the page arrived.
 */
const BANNERS: Record<string, string> = import.meta.glob('../assets/order-status/*.svg', {
  eager: true,
  import: 'default',
});
/** spec 001 §2.1: the banner picture by status; any other status uses 200's. */
export const bannerOf = (status: number): string => {
  const banner = BANNERS[`../assets/order-status/${status}.svg`] ?? BANNERS['../assets/order-status/200.svg'];
  if (!banner) throw new Error('the order banners are missing from the build');
  return banner;
};

/** Where the session notes that the borrower closed an order's withdraw reminder. */
const withdrawShownKey = (orderId: number) => `hiram.withdrawShown.${orderId}`;

/** Orders with a loan (paid out, repaying, settled): their records (schedule, payments, receipts) are a tap away. */
const LOAN_STATUSES = [170, 174, 180, 200];

/**
 * Kind tips, once read, stay read on this device (spec 001 §4 shows them once a session, which on
 * a phone browser meant at every visit). A new text from the lender shows again.
 */
const KIND_TIPS_SEEN = 'hiram.kindTipsSeen';
function kindTipsSeen(message: string): boolean {
  try {
    return localStorage.getItem(KIND_TIPS_SEEN) === message;
  } catch {
    return false;
  }
}
function rememberKindTips(message: string): void {
  try {
    localStorage.setItem(KIND_TIPS_SEEN, message);
  } catch {
    // Storage refused (private mode): the tips show again next time, as the spec has it.
  }
}

/** spec 001 §2.1, §4 loan order details (routes loanDetail and order). */
export function OrderDetailsPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || 0;
  const productParam = Number(params.get('productId'));
  const productId = Number.isInteger(productParam) && productParam > 0 ? productParam : undefined;
  const details = useQuery(callQueryOptions(loanDetails, { orderId, productId }, { loading: t('common.loading') }));
  const navigate = useNavigate();
  const [rating, setRating] = useState(false);
  const [cardPop, setCardPop] = useState(false);
  const [kindTips, setKindTips] = useState<string | null>(null);
  const [withdraw, setWithdraw] = useState(false);
  const data = details.data;

  // §4 on load: the playeduL redirect (never for 21, only to allowed addresses), the rating dialog,
  // the Kind tips notice once per session, and the bank-card prompt.
  useEffect(() => {
    if (!data) return;
    if (data.orderStatus !== 21 && data.playeduL && isAllowedRedirect(data.playeduL)) {
      // spec 001 §4: with the common query string; in the app its host opens it (goToPage).
      const target = withCommonQuery(data.playeduL);
      if (isInNativeApp()) goToPage(target);
      else window.location.replace(target);
      return;
    }
    if (data.isScore === '1') setRating(true);
    if (data.KindTipsMsg && !sessionStorage.getItem(SESSION_KEY_SHOW_BANK_TIP) && !kindTipsSeen(data.KindTipsMsg)) {
      setKindTips(data.KindTipsMsg);
    }
    if (data.cardNeedPop === 1) setCardPop(true);
    // Our reading of the withdraw reminder (spec 001 §2.1): once per order in a session, counted
    // when the borrower closes it (a page drawn again before that shows it again).
    if (data.withdrawMsg && !sessionStorage.getItem(withdrawShownKey(data.orderId))) setWithdraw(true);
  }, [data]);

  useEffect(() => {
    if (!cardPop || !data) return;
    void loadDialogs()
      .then((m) => m.confirmBindCard(data.cardPopTitle, data.cardPopMsg))
      .then((bind) => {
        setCardPop(false);
        if (bind)
          void navigate(href('bindBank', { source: 'loanDetail', productId: data.productId, orderId: data.orderId }));
      });
  }, [cardPop, data, navigate]);

  const repay = (path: 'repay' | 'repayDelay') => {
    sessionStorage.setItem(SESSION_KEY_SHOW_BANK_TIP, '1');
    if (data) void navigate(href(path, { productId: data.productId, orderId: data.orderId }));
  };
  const borrowAgain = async () => {
    if (!data) return;
    trackingPoint('borrow_again', { productId: data.productId, orderId: data.orderId });
    await callApi(
      eventSave,
      { productId: data.productId, moduleId: EVENT_MODULE_BORROW_AGAIN, positionId: EVENT_POSITION_BORROW_AGAIN },
      { silent: true },
    );
    // The app's home; in a browser the web home, which lists the products to apply for.
    goHome();
  };

  return (
    <PageLayout title={t('page.loanDetail')}>
      <QueryState query={details}>
        {(d) => (
          <>
            <section className={styles.banner} data-testid="order-banner" data-status={d.orderStatus}>
              <img src={bannerOf(d.orderStatus)} alt="" width={656} height={264} />
              <div className={styles.bannerText}>
                <p className={styles.headline} data-testid="order-notice">
                  {d.noticeStatusText}
                </p>
                <p className={styles.description}>{d.noticeDesText}</p>
              </div>
            </section>
            <TermsNotice orderId={d.orderId} status={d.orderStatus} />
            {d.userOrderDetail.detail.length > 0 ? (
              <section className={styles.card} data-testid="order-detail">
                <div className={styles.product}>
                  <img src={d.productLogo} alt="" width={32} height={32} />
                  <span>{d.productName}</span>
                </div>
                <dl>
                  {d.userOrderDetail.detail.map((row) => (
                    <div key={row.text} className={styles.row}>
                      <dt>{row.text}</dt>
                      <dd>
                        {row.value}
                        {row.text === t('repay.amountDue') ? <WhyAmountLink orderId={d.orderId} /> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            {d.creditNote || d.creditUse ? (
              <Suspense fallback={null}>
                <CreditUse orderId={d.orderId} note={d.creditNote} use={d.creditUse} />
              </Suspense>
            ) : null}
            {/* spec 001 §2.1: the recommendations while the loan-market flag is on, else the buttons. */}
            {d.loanMarket === 1 && d.recProducts.length > 0 ? <RecommendedProducts products={d.recProducts} /> : null}
            <div
              className={styles.buttons}
              data-testid="order-buttons"
              style={d.loanMarket === 1 && d.recProducts.length > 0 ? { display: 'none' } : undefined}
            >
              {(d.orderStatus === 174 || d.orderStatus === 180) && d.isDelay === 1 ? (
                <>
                  <Button block size="large" onClick={() => repay('repay')}>
                    {t('order.repayUpper')}
                  </Button>
                  <p className={styles.hint}>{t('order.shortOfMoney')}</p>
                  <Button block size="large" fill="outline" onClick={() => repay('repayDelay')}>
                    {t('order.rollover')}
                  </Button>
                </>
              ) : null}
              {((d.orderStatus === 174 || d.orderStatus === 180) && d.isDelay !== 1) || d.orderStatus === 170 ? (
                <Button block size="large" onClick={() => repay('repay')}>
                  {t('order.repayment')}
                </Button>
              ) : null}
              {d.orderStatus === 200 ? (
                <Button block size="large" onClick={borrowAgain}>
                  {t('order.borrowAgain')}
                </Button>
              ) : null}
            </div>
            {LOAN_STATUSES.includes(d.orderStatus) ? (
              <Link
                className={styles.textLink}
                to={href('records', { orderId: d.orderId })}
                data-testid="order-records-link"
              >
                {t('order.recordsLink')}
              </Link>
            ) : null}
            <DisclosureLink orderId={d.orderId} />
            <ServicePhone phone={d.telephone} />
            {withdraw && d.withdrawMsg ? (
              <NoticeDialog
                title={d.withdrawTitle ?? ''}
                message={d.withdrawMsg}
                confirmText={t('order.gotIt')}
                onClose={() => {
                  sessionStorage.setItem(withdrawShownKey(d.orderId), '1');
                  setWithdraw(false);
                }}
                data-testid="withdraw-reminder"
              />
            ) : null}
            {rating ? (
              <Suspense fallback={null}>
                <RatingDialog onDone={() => setRating(false)} />
              </Suspense>
            ) : null}
            {kindTips !== null ? (
              <NoticeDialog
                title={t('order.kindTips')}
                message={kindTips}
                confirmText={t('order.gotIt')}
                onClose={() => {
                  rememberKindTips(kindTips);
                  setKindTips(null);
                }}
                data-testid="kind-tips"
              />
            ) : null}
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
