import { type PageName, href } from '../../../shared/pages';

/** spec 001 §2.3: the editable values the test page puts on every entry's query string. */
export const PREVIEW_FIELDS = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'gps_adid',
  'productId',
  'orderId',
] as const;

export type PreviewField = (typeof PREVIEW_FIELDS)[number];
export type PreviewValues = Record<PreviewField, string>;

/** spec 001 §9: version 1.0.0, product 1, order 86 (the demo borrower's due order). */
export const PREVIEW_DEFAULTS: PreviewValues = {
  appVersion: '1.0.0',
  deviceName: 'Hiram test device',
  deviceId: 'test-device-0001',
  osVersion: 'Android 14',
  sessionId: '',
  gps_adid: '',
  productId: '1',
  orderId: '86',
};

/** spec 001 §2.3: the pages the test page opens, in the spec's order. */
export const PREVIEW_ENTRIES = [
  { page: 'loanConfirm', label: 'preview.entry.loanConfirm' },
  { page: 'loanDetail', label: 'preview.entry.loanDetail' },
  { page: 'repay', label: 'preview.entry.repay' },
  { page: 'repayDelay', label: 'preview.entry.repayDelay' },
  { page: 'bindBank', label: 'preview.entry.bindBank' },
  { page: 'aboutUs', label: 'preview.entry.aboutUs' },
  { page: 'complaint', label: 'preview.entry.complaint' },
  { page: 'customerService', label: 'preview.entry.customerService' },
  { page: 'privacyPolicy', label: 'preview.entry.privacyPolicy' },
  { page: 'paymentInstructions', label: 'preview.entry.paymentInstructions' },
] as const satisfies readonly { page: PageName; label: `preview.entry.${string}` }[];

/** An entry's address: the page with every filled-in value as the query string (empty ones left out). */
export function previewHref(page: PageName, values: PreviewValues): string {
  const query: Record<string, string> = {};
  for (const field of PREVIEW_FIELDS) query[field] = values[field].trim();
  return href(page, query);
}
