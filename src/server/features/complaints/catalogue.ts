import { COLLECTION_TYPE } from '../../../shared/contracts/complaints';
import { OrderStatus } from '../../../shared/order-status';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';

export interface ProblemKind {
  value: number;
  label: string;
}

/** The question types of the complaint start page (spec 000 §2); value 1 is collection (§9). */
export const PROBLEM_TYPES: readonly ProblemKind[] = [
  { value: COLLECTION_TYPE, label: 'Collection complaint' },
  { value: 2, label: 'Repayment issue' },
  { value: 3, label: 'Account and loan questions' },
  { value: 4, label: 'Suggestions' },
];

/** Sub-types exist only for collection complaints (spec 000 §2). */
export const COLLECTION_SUB_TYPES: readonly ProblemKind[] = [
  { value: 101, label: 'Rude or threatening language' },
  { value: 102, label: 'Contacted my family or contacts' },
  { value: 103, label: 'Wrong amount demanded' },
  { value: 104, label: 'Calls at unreasonable hours' },
  { value: 105, label: 'Other collection problem' },
];

/** A type's label in a reply language; the back office reads English. */
export function typeLabel(value: number, locale: ReplyLocale = 'en'): string {
  const tx = replyTexts(locale);
  return tx.or(`complaints.type.${value}`, tx('complaints.type.other'));
}

export function subTypeLabel(value: number | null, locale: ReplyLocale = 'en'): string {
  return value === null ? '' : replyTexts(locale).or(`complaints.sub.${value}`, '');
}

/** The type lists of the complaint start page, in a reply language. */
export function problemKinds(locale: ReplyLocale) {
  return {
    problemType: PROBLEM_TYPES.map((t) => ({ value: t.value, label: typeLabel(t.value, locale) })),
    problemSonType: COLLECTION_SUB_TYPES.map((t) => ({ value: t.value, label: subTypeLabel(t.value, locale) })),
  };
}

/**
 * spec 000 §3 isShow: collection complaints make sense only while an order is being collected,
 * that is due (174) or overdue (180). Other states have no collector contacting the borrower.
 */
export function collectionAllowed(status: number): 0 | 1 {
  return status === OrderStatus.DUE || status === OrderStatus.OVERDUE ? 1 : 0;
}
