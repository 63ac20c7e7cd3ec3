import { t } from '../../../lib/i18n';
import type { Template } from '../api/get-channel-template';
import type { PromotionQuery } from '../promotion-query';
import styles from './promotion.module.css';
import { RegistrationForm } from './registration-form';

/** spec 001 §2.2: the landing drawn from the template (images, texts, colours) around the form. */
export function LandingView({ template, query }: { template: Template; query: PromotionQuery }) {
  const { hero, highlights, form, steps, footnote } = template;
  return (
    <>
      <header className={styles.hero}>
        <img
          className={styles.heroImage}
          src={hero.image}
          alt={hero.imageAlt}
          width={320}
          height={200}
          fetchPriority="high"
        />
        <h1 className={styles.title}>{hero.title}</h1>
        <p className={styles.subtitle}>{hero.subtitle}</p>
        {highlights.length > 0 && (
          <ul className={styles.highlights}>
            {highlights.map((item) => (
              <li key={item.label}>
                <strong>{item.value}</strong>
                <span>{item.label}</span>
              </li>
            ))}
          </ul>
        )}
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="promotion-form-title">
          <h2 id="promotion-form-title" className={styles.cardTitle}>
            {form.title}
          </h2>
          <RegistrationForm query={query} applyText={form.applyText} />
        </section>
        {steps.length > 0 && (
          <section className={styles.steps} aria-labelledby="promotion-steps-title">
            <h2 id="promotion-steps-title">{t('promotion.howItWorks')}</h2>
            <ol>
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        )}
        <p className={styles.footnote}>{footnote}</p>
      </main>
    </>
  );
}
