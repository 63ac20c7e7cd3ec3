import { useEffect, useState } from 'react';
import { pages } from '../../../../shared/pages';
import { whenEngaged } from '../../../lib/when-engaged';
import { t } from '../../../lib/i18n';
import type { SiteContent, SiteReview } from '../content';
import { SECTION } from './site-header';
import styles from './site-sections.module.css';

/**
 * About Us: who we are, the four advantages and the three steps, with their pictures. The first
 * picture is in a phone's first screen (Lighthouse finds it the largest thing painted), so it loads
 * at once; the others wait until they are near.
 */
export function AboutSection({ content }: { content: SiteContent }) {
  return (
    <section id={SECTION.about} className={styles.section} aria-labelledby="site-about">
      <div className={styles.inner}>
        <h2 id="site-about" className={styles.heading}>
          {t('site.about.title')}
        </h2>
        <div className={styles.about}>
          <img
            className={styles.aboutImage}
            src={content.about.image}
            alt=""
            width={480}
            height={320}
            decoding="async"
          />
          <div>
            {content.about.paragraphs.map((text) => (
              <p key={text} className={styles.paragraph}>
                {text}
              </p>
            ))}
          </div>
        </div>
        <h3 className={styles.subheading}>{t('site.about.why')}</h3>
        <ul className={styles.cards}>
          {content.advantages.map((card) => (
            <li key={card.title} className={styles.card}>
              <img src={card.image} alt="" width={72} height={72} loading="lazy" decoding="async" />
              <h4 className={styles.cardTitle}>{card.title}</h4>
              <p className={styles.cardText}>{card.text}</p>
            </li>
          ))}
        </ul>
        <h3 className={styles.subheading}>{t('site.about.how')}</h3>
        <ol className={styles.steps}>
          {content.steps.map((step, i) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNo} aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h4 className={styles.cardTitle}>{step.title}</h4>
                <p className={styles.cardText}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Stars({ stars }: { stars: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={t('site.reviews.stars', { stars })}>
      {'★'.repeat(stars)}
      <span className={styles.starsOff}>{'★'.repeat(5 - stars)}</span>
    </span>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function Review({ review }: { review: SiteReview }) {
  return (
    <li className={styles.review}>
      <figure className={styles.figure}>
        <Stars stars={review.stars} />
        <blockquote className={styles.quote}>
          <p>{review.text}</p>
        </blockquote>
        <figcaption className={styles.who}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(review.name)}
          </span>
          <span>
            <strong>{review.name}</strong>
            <br />
            <span className={styles.place}>{review.place}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

export function ReviewsSection({ content }: { content: SiteContent }) {
  return (
    <section id={SECTION.reviews} className={`${styles.section} ${styles.tinted}`} aria-labelledby="site-reviews">
      <div className={styles.inner}>
        <h2 id="site-reviews" className={styles.heading}>
          {t('site.reviews.title')}
        </h2>
        <ul className={styles.reviews}>
          {content.reviews.map((review) => (
            <Review key={review.name} review={review} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The terms are their own page (spec 001 §2.4); the site links to it. */
export function TermsSection({ content }: { content: SiteContent }) {
  return (
    <section className={styles.section} aria-labelledby="site-terms">
      <div className={`${styles.inner} ${styles.terms}`}>
        <h2 id="site-terms" className={styles.heading}>
          {t('site.terms.title')}
        </h2>
        <p className={styles.paragraph}>{content.termsSummary}</p>
        <a className={styles.button} href={pages.loanTerms}>
          {t('site.terms.read')}
        </a>
      </div>
    </section>
  );
}

/**
 * spec 000 §2: the privacy page in a frame (the same page the app shows), loaded when scrolled
 * near. A browser's `loading="lazy"` starts a frame still a screen or two away, so this
 * one waits until the visitor first scrolls or touches the page: the first screen never pays
 * for a second page's scripts.
 */
export function PrivacySection() {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => whenEngaged(() => setEngaged(true)), []);
  return (
    <section id={SECTION.privacy} className={`${styles.section} ${styles.tinted}`} aria-labelledby="site-privacy">
      <div className={styles.inner}>
        <h2 id="site-privacy" className={styles.heading}>
          {t('site.privacy.title')}
        </h2>
        <iframe
          className={styles.frame}
          src={engaged ? pages.privacyPolicy : undefined}
          title={t('site.privacy.frame')}
          loading="lazy"
          data-testid="site-privacy-frame"
        />
        <p className={styles.frameLink}>
          <a href={pages.privacyPolicy}>{t('site.privacy.open')}</a>
        </p>
      </div>
    </section>
  );
}
