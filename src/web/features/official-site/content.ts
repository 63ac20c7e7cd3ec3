import { getLocale, type Locale } from '../../lib/i18n';
import { siteContentEn } from './content.en';

export interface SiteSlide {
  image: string;
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

/** The long marketing text of the official site, one object per language (DESIGN §12). */
export interface SiteContent {
  slides: readonly SiteSlide[];
  about: { image: string; paragraphs: readonly string[] };
  advantages: readonly SiteCard[];
  steps: readonly { title: string; text: string }[];
  reviews: readonly SiteReview[];
  termsSummary: string;
}

const byLocale: Record<Locale, SiteContent> = { en: siteContentEn };

export function siteContent(): SiteContent {
  return byLocale[getLocale()];
}
