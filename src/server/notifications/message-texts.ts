import { OPTIONAL_MESSAGE_KINDS } from '../../shared/contracts/messages';

/**
 * The texts of the messages sent at the moments that matter, in English and Filipino. An SMS shows
 * on a locked screen: each names the order and the figures the borrower needs, never a full
 * account number (masked) and never a code.
 */
export type MessageKind =
  | 'application-received'
  | 'approved'
  | 'declined'
  | 'money-sent'
  | 'payment-received'
  | 'extension-confirmed'
  | 'complaint-answered'
  | 'limit-raised'
  | 'due-soon';

/** The kinds a borrower may turn off; the rest tell of their money or their rights and always go. */
export const OPTIONAL_KINDS = OPTIONAL_MESSAGE_KINDS satisfies readonly MessageKind[];
export type OptionalKind = (typeof OPTIONAL_KINDS)[number];

export type MessageLanguage = 'en' | 'fil';

type Params = Record<string, string>;
type Template = (p: Params) => string;

const EN: Record<MessageKind, Template> = {
  'application-received': (p) =>
    `${p.app}: we received your application ${p.orderNo} for ${p.amount}. We will send the decision by SMS.`,
  approved: (p) =>
    `${p.app}: loan ${p.orderNo} is approved. ${p.net} (${p.amount} less the ${p.fee} service fee) will be sent to your ${p.account}. First payment ${p.firstPayment}, due ${p.dueDate} if the money is sent today.`,
  declined: (p) =>
    `${p.app}: we could not approve application ${p.orderNo}. Reason: ${p.reason}. You may apply again from ${p.reapplyOn}.`,
  'money-sent': (p) =>
    `${p.app}: ${p.net} for loan ${p.orderNo} was sent to your ${p.account} on ${p.sentOn}. First payment ${p.firstPayment}, due ${p.dueDate}.`,
  'payment-received': (p) =>
    `${p.app}: we received your payment of ${p.amount} for loan ${p.orderNo} on ${p.paidOn}. Receipt no. ${p.receiptNo}. ${p.left}`,
  'extension-confirmed': (p) =>
    `${p.app}: your extension of loan ${p.orderNo} is confirmed (${p.amount} paid). Next payment ${p.nextAmount}, due ${p.dueDate}.`,
  'complaint-answered': (p) =>
    `${p.app}: we answered your complaint no. ${p.ticket}. Read the reply in the app under Complaints.`,
  'limit-raised': (p) =>
    `${p.app}: thank you for paying on time. You may now borrow up to ${p.limit} with ${p.product}.`,
  'due-soon': (p) => p.body ?? '',
};

const FIL: Record<MessageKind, Template> = {
  'application-received': (p) =>
    `${p.app}: natanggap namin ang iyong aplikasyon ${p.orderNo} para sa ${p.amount}. Ipapadala namin ang desisyon sa SMS.`,
  approved: (p) =>
    `${p.app}: aprubado ang utang ${p.orderNo}. Ipapadala ang ${p.net} (${p.amount} bawas ang ${p.fee} na bayad sa serbisyo) sa iyong ${p.account}. Unang bayad ${p.firstPayment}, sa ${p.dueDate} kung maipadala ngayon.`,
  declined: (p) =>
    `${p.app}: hindi namin naaprubahan ang aplikasyon ${p.orderNo}. Dahilan: ${p.reason}. Maaari kang mag-apply muli mula ${p.reapplyOn}.`,
  'money-sent': (p) =>
    `${p.app}: naipadala na ang ${p.net} para sa utang ${p.orderNo} sa iyong ${p.account} noong ${p.sentOn}. Unang bayad ${p.firstPayment}, sa ${p.dueDate}.`,
  'payment-received': (p) =>
    `${p.app}: natanggap namin ang bayad mong ${p.amount} para sa utang ${p.orderNo} noong ${p.paidOn}. Resibo blg. ${p.receiptNo}. ${p.left}`,
  'extension-confirmed': (p) =>
    `${p.app}: kumpirmado ang pagpapalawig ng utang ${p.orderNo} (${p.amount} ang binayaran). Susunod na bayad ${p.nextAmount}, sa ${p.dueDate}.`,
  'complaint-answered': (p) =>
    `${p.app}: sinagot na namin ang iyong reklamo blg. ${p.ticket}. Basahin ang sagot sa app, sa Mga Reklamo.`,
  'limit-raised': (p) =>
    `${p.app}: salamat sa pagbabayad sa oras. Maaari ka nang humiram ng hanggang ${p.limit} sa ${p.product}.`,
  'due-soon': (p) => p.body ?? '',
};

/** What is left to pay after a payment, or that the loan is paid in full. */
export function leftText(language: MessageLanguage, left: string | null): string {
  if (language === 'fil') return left === null ? 'Bayad na nang buo ang utang.' : `Natitirang babayaran: ${left}.`;
  return left === null ? 'The loan is paid in full.' : `Left to pay: ${left}.`;
}

/** A declined application's reason when staff gave none. */
export function noReasonText(language: MessageLanguage): string {
  return language === 'fil' ? 'hindi pa ito tugma sa aming pamantayan' : 'it does not meet our criteria yet';
}

export function messageText(kind: MessageKind, language: MessageLanguage, params: Params): string {
  return (language === 'fil' ? FIL : EN)[kind](params);
}
