import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerCarousel } from '../components/banner-carousel';
import { t } from '../../../lib/i18n';
import { ContactSection, SiteFooter } from '../components/site-footer';
import { APPLY_HREF, SECTION, SiteHeader } from '../components/site-header';
import { AboutSection, PrivacySection, ReviewsSection, TermsSection } from '../components/site-sections';
import { type SiteSlide, siteContent } from '../content';
import { pages } from '../../../../shared/pages';
import styles from './official-site-page.module.css';

/**
 * The calculator is below the first screen, so its code is a chunk of its own: the site's first
 * load stays within its budget (scripts/bundle-budget.test.ts). It starts once the page has
 * hydrated: the prerendered page holds its place (a prerendered lazy boundary failed to hydrate).
 */
const CostCalculator = lazy(() => import('../components/cost-calculator').then((m) => ({ default: m.CostCalculator })));

function CalculatorSection() {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const space = <section id={SECTION.calculator} className={styles.calculatorSpace} aria-busy="true" />;
  if (!started) return space;
  return (
    <Suspense fallback={space}>
      <CostCalculator />
    </Suspense>
  );
}

/** Each slide's own way in: apply, see the cost, or sign in to pay (the contact form has its own section). */
const SLIDE_ACTIONS = {
  apply: { href: APPLY_HREF, label: 'site.cta.apply' },
  calculator: { href: `#${SECTION.calculator}`, label: 'site.cta.calculator' },
  signIn: { href: pages.login, label: 'site.cta.signIn' },
} as const;

function SlideAction(slide: SiteSlide) {
  const action = SLIDE_ACTIONS[slide.action];
  return (
    <a className={styles.cta} href={action.href} data-testid={`site-cta-${slide.action}`}>
      {t(action.label)}
    </a>
  );
}

/**
 * spec 000 §2 Official site (route /): navigation bar, banner carousel, image sections, user
 * reviews, the terms, the privacy page in a frame, the contact form and the footer. Ours: Sign in
 * and Apply in the header, each slide's button leads somewhere, and the cost calculator. Its HTML is
 * prerendered at build time (scripts/prerender.ts), so it paints before the script runs.
 */
export function OfficialSitePage() {
  const content = siteContent();
  return (
    <div className={styles.site}>
      <title>{`${t('page.officialSite')} · ${t('site.tagline')}`}</title>
      <SiteHeader />
      <main>
        <div id={SECTION.home} className={styles.anchor}>
          <BannerCarousel slides={content.slides} action={SlideAction} />
        </div>
        <CalculatorSection />
        <AboutSection content={content} />
        <ReviewsSection content={content} />
        <TermsSection content={content} />
        <PrivacySection />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}
