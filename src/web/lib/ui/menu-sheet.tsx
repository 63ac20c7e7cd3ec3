import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { logout } from '../../../shared/contracts/auth';
import { href, pages } from '../../../shared/pages';
import { callApi } from '../api';
import { getLocale, t } from '../i18n';
import { endSession, forgetBorrower, getSession, isWebSignedIn, subscribeSession } from '../session';
import { Link, useNavigate } from '../router';
import styles from './menu-sheet.module.css';

const signedInNow = () => Boolean(getSession().sessionId) || isWebSignedIn();

/** The same page in the other language (the language is read from the address on load). */
function otherLanguageHref(): string {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', getLocale() === 'fil' ? 'en' : 'fil');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The borrower's menu, a modal side sheet: my loans, payout account, complaints, help, language,
 * sign in or sign out. Loaded on the first tap of the menu button, so no page carries it on load.
 */
export default function MenuSheet({ onClose }: { onClose: () => void }) {
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  const close = () => ref.current?.close();
  const signOut = async () => {
    close();
    // The server revokes the session and clears its cookie; the tab forgets it whatever the reply.
    await callApi(logout, {}, { silent: true });
    endSession();
    forgetBorrower();
    void navigate(pages.login, { replace: true });
  };

  return (
    <dialog ref={ref} className={styles.sheet} aria-labelledby={titleId} data-testid="menu" onClose={onClose}>
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
            <Link to={pages.myData} onClick={close} className={styles.item}>
              {t('menu.myData')}
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
  );
}
