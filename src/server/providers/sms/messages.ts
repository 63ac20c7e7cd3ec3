/** Where a one-time code goes in a message: Semaphore's OTP endpoint fills the same placeholder. */
export const CODE_PLACEHOLDER = '{otp}';

import type { Language } from '../../../shared/language';

export type CodePurpose = 'login' | 'register' | 'repay';

const PURPOSE: Record<CodePurpose, string> = {
  login: 'to log in',
  register: 'to create your account',
  repay: 'to confirm your repayment',
};

const PURPOSE_FIL: Record<CodePurpose, string> = {
  login: 'para mag-log in',
  register: 'para gumawa ng account',
  repay: 'para kumpirmahin ang bayad mo',
};

/**
 * The text of a code message: what the code is for, how long it lasts, and a warning, in the
 * reader's language. It carries nothing else (no name, amount or account), since an SMS shows on
 * a locked screen.
 */
export function codeMessage(purpose: CodePurpose, appName: string, language: Language = 'en'): string {
  if (language === 'fil')
    return `${CODE_PLACEHOLDER} ang code mo sa ${appName} ${PURPOSE_FIL[purpose]}. Mawawalan ito ng bisa sa loob ng 5 minuto. Huwag itong ibigay kaninuman: hindi ito kailanman hihingin ng mga tauhan ng ${appName}.`;
  return `${CODE_PLACEHOLDER} is your ${appName} code ${PURPOSE[purpose]}. It expires in 5 minutes. Never share it: ${appName} staff will never ask for it.`;
}

/** The text with the code in place (what the borrower reads). */
export function fillCode(template: string, code: string): string {
  return template.split(CODE_PLACEHOLDER).join(code);
}

/** The text as it is kept outside the outbox: the code masked. */
export function maskedCode(template: string): string {
  return template.split(CODE_PLACEHOLDER).join('••••••');
}
