import { sql } from 'drizzle-orm';
import type { FilipinoTexts } from '../../../shared/contracts/back-office-catalogue';
import type { TemplateData } from '../../../shared/contracts/promotion';
import type { Db } from '../client';
import { promotionEvents, promotionTemplates } from '../schema';

/** The demo landing template (spec 001 §2.2): open /promotion?id=1&utm_tag=launch. */
export const DEMO_TEMPLATE_ID = 1;

export const demoTemplate: TemplateData = {
  appName: 'Hiram',
  // Every text colour reads at 4.5:1 or better on its background (WCAG AA; checked by a test).
  colours: {
    background: '#C94A12',
    onBackground: '#FFFFFF',
    accent: '#B8400E',
    onAccent: '#FFFFFF',
    card: '#FFFFFF',
    onCard: '#2B2B2B',
  },
  hero: {
    image: '/img/promotion/hero.svg',
    imageAlt: 'A phone showing an approved Hiram cash loan, with peso bills and coins',
    title: 'Cash in minutes, up to ₱20,000',
    subtitle: 'Register with your mobile number, then apply in the Hiram app. No collateral, no hidden fees.',
  },
  highlights: [
    { value: '₱20,000', label: 'Borrow up to' },
    { value: '91–365', label: 'Days to repay' },
    { value: '1 day', label: 'Loan decision' },
  ],
  form: { title: 'Register in one minute', applyText: 'Apply now' },
  steps: [
    'Register with your mobile number',
    'Download the Hiram app and log in',
    'Apply and receive the cash in your e-wallet or bank',
  ],
  download: {
    title: 'Get the Hiram app',
    text: 'Download the app and log in with the mobile number you registered to apply for your loan.',
    image: '/img/promotion/download.svg',
    imageAlt: 'A phone with the Hiram app and a download arrow',
    appStoreUrl: 'https://apps.apple.com/ph/app/hiram-cash-loans/id6450000000',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=ph.hiram.app',
  },
  footnote:
    'Loans are subject to approval. Terms from 91 to 365 days. The full cost of a loan (interest, fees and the repayment schedule) is shown before you accept it.',
};

/** The demo template's texts for a Filipino reader (our own wording), row by row as in English. */
export const demoTemplateFilipino: FilipinoTexts = {
  hero: {
    imageAlt: 'Isang telepono na may aprubadong Hiram cash loan, kasama ang mga perang papel at barya',
    title: 'Pera sa loob ng ilang minuto, hanggang ₱20,000',
    subtitle:
      'Magparehistro gamit ang iyong mobile number, saka mag-apply sa Hiram app. Walang kolateral, walang nakatagong bayarin.',
  },
  highlights: [
    { label: 'Makakahiram hanggang' },
    { label: 'Araw para magbayad' },
    { value: '1 araw', label: 'Desisyon sa utang' },
  ],
  form: { title: 'Magparehistro sa loob ng isang minuto', applyText: 'Mag-apply na' },
  steps: [
    'Magparehistro gamit ang iyong mobile number',
    'I-download ang Hiram app at mag-log in',
    'Mag-apply at tanggapin ang pera sa iyong e-wallet o bangko',
  ],
  download: {
    title: 'Kunin ang Hiram app',
    text: 'I-download ang app at mag-log in gamit ang mobile number na iyong iniregistro para mag-apply ng utang.',
    imageAlt: 'Isang telepono na may Hiram app at palaso ng pag-download',
  },
  footnote:
    'Ang bawat utang ay dumadaan sa pag-apruba. Babayaran sa loob ng 91 hanggang 365 araw. Ang buong halaga ng utang (interes, bayarin at iskedyul ng pagbabayad) ay ipinapakita bago mo ito tanggapin.',
};

/** Demo rows for the promotion landing and the back office's funnel report. */
export async function seedPromotion(db: Db): Promise<void> {
  await db
    .insert(promotionTemplates)
    .values({ id: DEMO_TEMPLATE_ID, name: 'Launch campaign', data: { ...demoTemplate, fil: demoTemplateFilipino } });
  await db.execute(sql`select setval(pg_get_serial_sequence('promotion_templates', 'id'), 100)`);
  const event = (kind: 'visit' | 'click', utmTag: string, clientType: string) => ({
    kind,
    templateId: DEMO_TEMPLATE_ID,
    appFrom: 'hiram',
    userFrom: 'facebook',
    utmTag,
    clientType,
  });
  await db
    .insert(promotionEvents)
    .values([
      ...Array.from({ length: 18 }, (_, i) => event('visit', 'launch', i % 3 === 0 ? 'ios' : 'android')),
      ...Array.from({ length: 7 }, (_, i) => event('click', 'launch', i % 3 === 0 ? 'ios' : 'android')),
      ...Array.from({ length: 6 }, () => event('visit', 'payday', 'android')),
      event('click', 'payday', 'android'),
    ]);
}
