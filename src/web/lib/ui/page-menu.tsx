import { lazy, Suspense, useState } from 'react';
import { t } from '../i18n';
import styles from './page-layout.module.css';

const MenuSheet = lazy(() => import('./menu-sheet'));

/** The menu button of the page header; the sheet itself loads on the first tap. */
export default function PageMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.back}
        onClick={() => setOpen(true)}
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        data-testid="menu-open"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MenuSheet onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
