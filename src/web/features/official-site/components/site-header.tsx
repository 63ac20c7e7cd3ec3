import { href, pages } from '../../../../shared/pages';
import { getLocale, type Locale, t } from '../../../lib/i18n';
import styles from './site-header.module.css';

/** Section anchors of the one-page site; the terms are their own page (spec 001 §2.4). */
export const SECTION = {
  home: 'home',
  calculator: 'calculator',
  about: 'about',
  reviews: 'reviews',
  privacy: 'privacy',
  contact: 'contact',
} as const;

const links = [
  { href: `#${SECTION.home}`, label: 'site.nav.home' },
  { href: `#${SECTION.about}`, label: 'site.nav.about' },
  { href: `#${SECTION.reviews}`, label: 'site.nav.reviews' },
  { href: pages.loanTerms, label: 'site.nav.terms' },
  { href: `#${SECTION.privacy}`, label: 'site.nav.privacy' },
  { href: `#${SECTION.contact}`, label: 'site.nav.contact' },
] as const;

/** Where "Apply" leads: sign in (or sign up: the same SMS code), then the products to choose from. */
export const APPLY_HREF = href('login', { redirect: pages.home });

/**
 * The language switch, the other language named in itself. A plain link (`?lang=`), so
 * it works before the script runs; lib/i18n/locale.ts reads the parameter and remembers it.
 */
function LanguageSwitch() {
  const other: Locale = getLocale() === 'en' ? 'fil' : 'en';
  return (
    <a className={styles.language} href={`?lang=${other}`} lang={other}>
      {other === 'fil' ? 'Filipino' : 'English'}
    </a>
  );
}

/**
 * spec 000 §2 Official site navigation bar: Home, About Us, User reviews, Loan Terms And
 * Conditions, PrivacyPolicy, Contact Us. Plain links, so they work before the script runs. Ours:
 * Sign in and Apply beside the brand, so a visitor never has to guess the sign-in address.
 */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.actions}>
          <a className={styles.signIn} href={pages.login} data-testid="site-sign-in">
            {t('site.signIn')}
          </a>
          <a className={styles.apply} href={APPLY_HREF} data-testid="site-apply">
            {t('site.apply')}
          </a>
        </div>
        <a className={styles.brand} href={`#${SECTION.home}`}>
          <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="9" fill="#fff" />
            <path d="M10 8v16M22 8v16M10 16h12" stroke="#fe7133" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <div className={styles.words}>
            <h1 className={styles.name}>{t('page.officialSite')}</h1>
            <span className={styles.tagline}>{t('site.tagline')}</span>
          </div>
        </a>
        <nav className={styles.nav} aria-label={t('site.nav.label')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.href}>
                <a className={styles.link} href={link.href}>
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
