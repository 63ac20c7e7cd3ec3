import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { t } from '../i18n';
import { closeWebview, isInNativeApp } from '../native-bridge';
import styles from './page-layout.module.css';

const PageMenu = lazy(() => import('./page-menu'));
const noChange = () => () => {};
const inBrowserNow = () => !isInNativeApp();
const onServer = () => false;
/** Shown inside a frame of another page of ours (the confirm page's agreement dialog). */
const inFrameNow = () => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

export interface PageLayoutProps {
  title: string;
  children: ReactNode;
  /** Hide the back button, e.g. on the web home page, which has nothing behind it. */
  showBack?: boolean;
  /** What the back button does; by default the native bridge closes the webview. */
  onBack?: () => void;
  /** The borrower's menu in a browser (off for anonymous visitors, e.g. the promotion page). */
  showMenu?: boolean;
}

/**
 * Every borrower page: a header with the title and a back button, then the page body. Shown in a
 * frame (a document in a dialog, which has its own title and buttons), the body alone.
 */
export function PageLayout({
  title,
  children,
  showBack = true,
  onBack = closeWebview,
  showMenu = true,
}: PageLayoutProps) {
  // The menu is for a browser: inside the lender's app its own screens are the menu. Its button
  // loads after the page (the same width as the spacer it replaces, so nothing moves).
  const menu = useSyncExternalStore(noChange, inBrowserNow, onServer) && showMenu;
  const framed = useSyncExternalStore(noChange, inFrameNow, onServer);
  const spacer = <span className={styles.spacer} />;
  if (framed) {
    return (
      <div className={styles.page}>
        <main className={styles.body}>{children}</main>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={styles.header}>
        {showBack ? (
          <button type="button" className={styles.back} onClick={onBack} aria-label={t('common.back')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15.5 4.5 8 12l7.5 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : (
          <span className={styles.spacer} />
        )}
        <h1 className={styles.title}>{title}</h1>
        {menu ? (
          <Suspense fallback={spacer}>
            <PageMenu />
          </Suspense>
        ) : (
          spacer
        )}
      </header>
      <main className={styles.body}>{children}</main>
    </div>
  );
}
