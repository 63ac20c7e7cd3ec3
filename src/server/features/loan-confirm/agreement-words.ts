import type { Language } from '../../../shared/language';
import { ENGLISH_WORDS } from './agreement-words.en';
import { FILIPINO_WORDS } from './agreement-words.fil';

/** The figures a sentence of a document quotes, already written out (money, rates, dates). */
export interface Lender {
  name: string;
  secRegNo: string;
  caNo: string;
  address: string;
}

export interface Ceiling {
  source: string;
  interest: string;
  effective: string;
  late: string;
  total: string;
}

/**
 * Every word of the three legal documents (loan agreement, disclosure statement, privacy notice)
 * in one language; the figures come in from the engine's quote. The Filipino is a translation: its
 * `governingNote` says the English text governs where the two differ (docs/architecture.md,
 * "Languages and departures").
 */
export interface AgreementWords {
  /** The short titles the confirm page lists and links. */
  listTitles: readonly [agreement: string, disclosure: string, privacy: string];
  titles: { agreement: string; disclosure: string; privacy: string };
  /** The line at the top of a translated document; null on the governing text itself. */
  governingNote: string | null;
  lender: (lender: Lender) => string;
  borrower: (borrower: { name: string | null; phone: string; orderNo: string }) => string;
  borrowerUnnamed: string;
  installment: (plan: { index: number; count: number; engineTitle: string; due: string }) => string;
  rows: {
    product: string;
    principal: string;
    term: string;
    termValue: (days: number, payments: number) => string;
    interest: string;
    interestValue: (dailyRate: string, total: string) => string;
    serviceFee: string;
    netProceeds: string;
    totalToRepay: string;
  };
  repayment: { heading: string; paragraph: string };
  late: {
    heading: string;
    paragraph: (charge: { new: string; repeat: string; tiers: { fromDay: number; rate: string }[] }) => string;
    ceiling: (ceiling: Ceiling) => string;
  };
  prepayment: {
    heading: string;
    anyDay: string;
    lockIn: (opensOn: string) => string;
    noExtension: string;
    extension: (fee: string, maxExtensions: number | null) => string;
  };
  other: { heading: string; paragraphs: (contact: { email: string; phone: string }) => string[] };
  disclosure: { heading: string; paragraph: string };
  privacy: (grievanceOfficer: string) => { heading: string; paragraphs: string[] }[];
}

export function agreementWords(language: Language): AgreementWords {
  return language === 'fil' ? FILIPINO_WORDS : ENGLISH_WORDS;
}
