import { useState } from 'react';
import { href, pages } from '../../../../shared/pages';
import { t } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { PageLayout } from '../../../lib/ui/page-layout';
import { ContactName, GetLocation, InstallPrompt, PhotoPicker } from '../components/device-tools';
import { PREVIEW_DEFAULTS, PREVIEW_ENTRIES, PREVIEW_FIELDS, type PreviewValues, previewHref } from '../preview-values';
import styles from './test-preview-page.module.css';

/** Starts from the defaults, and the session this tab already has (a sign-in, or a query). */
function initialValues(): PreviewValues {
  const session = getSession();
  return {
    ...PREVIEW_DEFAULTS,
    sessionId: session.sessionId ?? PREVIEW_DEFAULTS.sessionId,
    deviceId: session.deviceId ?? PREVIEW_DEFAULTS.deviceId,
    appVersion: session.appVersion ?? PREVIEW_DEFAULTS.appVersion,
  };
}

/**
 * spec 001 §2.3 Developer test page (/testPreview): opens the app's pages the way the native app
 * does, with the values below as the query string, and tries the device features the pages use.
 * Development only: in production the server answers 404 for this address, and no page links here.
 */
export function TestPreviewPage() {
  const [values, setValues] = useState<PreviewValues>(initialValues);
  return (
    <PageLayout title={t('page.testPreview')}>
      <p className={styles.intro}>
        {t('preview.intro')}{' '}
        <a href={href('login', { redirect: pages.testPreview })} data-testid="preview-sign-in">
          {t('preview.signIn')}
        </a>
      </p>
      <section className={styles.card} aria-labelledby="preview-values">
        <h2 id="preview-values" className={styles.heading}>
          {t('preview.values')}
        </h2>
        <div className={styles.fields}>
          {PREVIEW_FIELDS.map((field) => (
            <label key={field} className={styles.field}>
              <span className={styles.label}>{field}</span>
              <input
                className={styles.input}
                name={field}
                value={values[field]}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                data-testid={`preview-field-${field}`}
              />
            </label>
          ))}
        </div>
      </section>
      <section className={styles.card} aria-labelledby="preview-pages">
        <h2 id="preview-pages" className={styles.heading}>
          {t('preview.pages')}
        </h2>
        {/* Full page loads, like a new webview: each page reads its session from the query. */}
        <ul className={styles.entries}>
          {PREVIEW_ENTRIES.map((entry) => (
            <li key={entry.page}>
              <a
                className={styles.entry}
                href={previewHref(entry.page, values)}
                data-testid={`preview-entry-${entry.page}`}
              >
                {t(entry.label)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="preview-device">
        <h2 id="preview-device" className={styles.heading}>
          {t('preview.device')}
        </h2>
        <PhotoPicker />
        <ContactName />
        <GetLocation />
        <InstallPrompt />
      </section>
    </PageLayout>
  );
}
