import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../lib/i18n';
import styles from './route-error-boundary.module.css';

interface State {
  failed: boolean;
}

/**
 * Catches a page that fails to render, most often its code chunk failing to download on a poor
 * network, and offers a reload instead of a blank screen. Keyed by path, so moving on resets it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Nothing to report to yet; the fallback below tells the borrower what to do.
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.failed} role="alert">
        <p>{t('common.pageFailed')}</p>
        <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </main>
    );
  }
}
