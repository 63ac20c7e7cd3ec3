import { BannerCarousel } from '../components/banner-carousel';
import { t } from '../../../lib/i18n';
import { ContactSection, SiteFooter } from '../components/site-footer';
import { SECTION, SiteHeader } from '../components/site-header';
import { AboutSection, PrivacySection, ReviewsSection, TermsSection } from '../components/site-sections';
import { siteContent } from '../content';
import styles from './official-site-page.module.css';

/**
 * spec 000 §2 Official site (route /): navigation bar, banner carousel, image sections, user
 * reviews, the terms, the privacy page in a frame, the contact form and the footer. Its HTML is
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
          <BannerCarousel slides={content.slides}>
            <a className={styles.cta} href={`#${SECTION.contact}`}>
              {t('site.cta.contact')}
            </a>
          </BannerCarousel>
        </div>
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
