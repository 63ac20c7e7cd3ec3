import { use } from 'react';
import { getLocale } from '../../lib/i18n';
import { siteContentEn } from './content.en';

export interface SiteSlide {
  image: string;
  /** What the slide's button does: apply, open the cost calculator, or sign in (to repay). */
  action: 'apply' | 'calculator' | 'signIn';
  title: string;
  text: string;
}

export interface SiteCard {
  image: string;
  title: string;
  text: string;
}

export interface SiteReview {
  name: string;
  place: string;
  /** 1 to 5 */
  stars: number;
  text: string;
}

/** The long marketing text of the official site, one object per language (architecture.md: Languages and departures). */
export interface SiteContent {
  slides: readonly SiteSlide[];
  about: { image: string; paragraphs: readonly string[] };
  advantages: readonly SiteCard[];
  steps: readonly { title: string; text: string }[];
  reviews: readonly SiteReview[];
  termsSummary: string;
}

let filipino: Promise<SiteContent> | undefined;

/**
 * The site's text in the reader's language; a Filipino reader's page suspends until it loads.
 * (lib/i18n/locale-content.ts does this for the other documents; written out here, the official
 * site's first load saves that module's chunk.)
 */
export function siteContent(): SiteContent {
  if (getLocale() === 'en') return siteContentEn;
  filipino ??= import('./content.fil').then((m) => m.siteContentFil);
  return use(filipino);
}
