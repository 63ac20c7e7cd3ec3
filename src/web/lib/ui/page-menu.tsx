import { useId, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/contracts/auth';
import { href, pages } from '../../../shared/pages';
import { callApi } from '../api/client';
import { getLocale, t } from '../i18n';
import { isInNativeApp } from '../native-bridge';
import { endSession, getSession, isWebSignedIn, subscribeSession } from '../session';
import { Link } from '../router-link';
import styles from './page-menu.module.css';

const noChange = () => () => {};
/** In a browser only: inside the lender's app its own screens are the menu. Never on the server. */
const useInBrowser = () =>
  useSyncExternalStore(
    noChange,
    () => !isInNativeApp(),
    () => false,
  );
const signedInNow = () => Boolean(getSession().sessionId) || isWebSignedIn();
const useSignedIn = () => useSyncExternalStore(subscribeSession, signedInNow, () => false);

/** The same page in the other language (the language is read from the address on load). */
function otherLanguageHref(): string {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', getLocale() === 'fil' ? 'en' : 'fil');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The borrower's menu: my loans, payout account, complaints, help, language, sign out. */
export function PageMenu() {
  const inBrowser = useInBrowser();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  if (!inBrowser) return <span className={styles.spacer} />;

  const open = () => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  };
  const close = () => ref.current?.close();
  const signOut = async () => {
    close();
    // The server revokes the session and clears its cookie; the tab forgets it whatever the reply.
    await callApi(logout, {}, { silent: true });
    endSession();
    void navigate(pages.login, { replace: true });
  };

  return (
    <>
      <button type="button" className={styles.toggle} onClick={open} aria-label={t('menu.open')} data-testid="menu-open">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <dialog ref={ref} className={styles.sheet} aria-labelledby={titleId} data-testid="menu">
        <h2 id={titleId} className={styles.heading}>
          {t('menu.open')}
        </h2>
        <nav aria-labelledby={titleId}>
          <ul className={styles.list}>
            <li>
              <Link to={pages.home} onClick={close} className={styles.item}>
                {t('menu.myLoans')}
              </Link>
            </li>
            <li>
              <Link to={href('bindBank', { source: 'menu' })} onClick={close} className={styles.item}>
                {t('menu.payoutAccount')}
              </Link>
            </li>
            <li>
              <Link to={pages.complaintList} onClick={close} className={styles.item}>
                {t('menu.complaints')}
              </Link>
            </li>
            <li>
              <Link to={pages.customerService} onClick={close} className={styles.item}>
                {t('menu.help')}
              </Link>
            </li>
            <li>
              <a href={otherLanguageHref()} className={styles.item} lang={getLocale() === 'fil' ? 'en' : 'fil'}>
                {t('menu.language')}
              </a>
            </li>
            <li>
              {signedIn ? (
                <button type="button" className={styles.item} onClick={() => void signOut()} data-testid="menu-sign-out">
                  {t('menu.signOut')}
                </button>
              ) : (
                <Link to={pages.login} onClick={close} className={styles.item}>
                  {t('menu.signIn')}
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <form method="dialog">
          <button type="submit" className={styles.close}>
            {t('menu.close')}
          </button>
        </form>
      </dialog>
    </>
  );
}
