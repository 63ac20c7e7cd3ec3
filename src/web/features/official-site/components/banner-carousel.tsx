import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_AUTOPLAY_MS } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import type { SiteSlide } from '../content';
import styles from './banner-carousel.module.css';

/**
 * spec 000 §2, §9: the banner carousel, autoplaying every 3 s. A light CSS track rather than a
 * carousel library: it is the first thing painted, prerendered, and must cost almost nothing.
 * It pauses while pointed at, focused, hidden or paused by the visitor (WCAG 2.2.2).
 */
export function BannerCarousel({
  slides,
  action,
}: {
  slides: readonly SiteSlide[];
  /** Each slide's button, from the slide's `action`. */
  action?: (slide: SiteSlide) => ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const root = useRef<HTMLElement>(null);
  const count = slides.length;

  const running = !paused && !hovered && !focused && count > 1;
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      if (!document.hidden) next();
    }, CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [running, next]);

  return (
    <section
      ref={root}
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('site.carousel.label')}
      data-testid="site-carousel"
      data-index={index}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => (
          <article
            key={slide.image}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={t('site.carousel.slide', { index: i + 1, count })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <div className={styles.slideInner}>
              <div className={styles.text}>
                <h2 className={styles.title}>{slide.title}</h2>
                <p className={styles.lead}>{slide.text}</p>
                {action?.(slide)}
              </div>
              <img
                className={styles.image}
                src={slide.image}
                alt=""
                width={480}
                height={360}
                // The first slide is what paints first; the others wait until they are near.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
              />
            </div>
          </article>
        ))}
      </div>
      <div className={styles.controls}>
        {slides.map((slide, i) => (
          <button
            key={slide.image}
            type="button"
            className={styles.dot}
            aria-label={t('site.carousel.show', { index: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
        <button
          type="button"
          className={styles.pause}
          aria-label={paused ? t('site.carousel.play') : t('site.carousel.pause')}
          data-testid="site-carousel-pause"
          onClick={() => setPaused((p) => !p)}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            {paused ? (
              <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
            ) : (
              <path d="M4 2h3v12H4zm5 0h3v12H9z" fill="currentColor" />
            )}
          </svg>
        </button>
      </div>
    </section>
  );
}
