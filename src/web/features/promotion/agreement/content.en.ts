/**
 * The registration agreement shown at #/agreementTemplate (spec 001 §2.2). `{name}` values come
 * from the lender's identity (GET /owner/v3/public/company), so the document always names the
 * licensed lender that runs the service.
 */
export interface AgreementSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export const AGREEMENT_UPDATED = '2026-11-22';

export const agreementIntro =
  'This agreement applies when you register your mobile number on a {appName} promotion page. Please read it before you tap Apply. By registering, you confirm that you have read it, understood it and agree to it.';

export const agreementSections: readonly AgreementSection[] = [
  {
    heading: '1. Who we are',
    paragraphs: [
      '{appName} is operated by {lenderName}, a lending company registered with the Securities and Exchange Commission (SEC Registration No. {secRegistrationNo}; Certificate of Authority: {certificateOfAuthorityNo}), with its office at {address}. In this agreement, "we" and "us" mean {lenderName}; "you" means the person registering.',
    ],
  },
  {
    heading: '2. What registering does',
    paragraphs: [
      'Registering creates your {appName} account, identified by your mobile number. It lets you log in to the {appName} app with a one-time code sent to that number.',
      'Registering is free. It is not a loan application, and it does not oblige you to borrow or us to lend. Any loan is offered separately, in the app, with its amount, term, interest, fees, repayment schedule and total cost shown to you before you accept it, as the Truth in Lending Act (Republic Act No. 3765) requires.',
    ],
  },
  {
    heading: '3. Who may register',
    paragraphs: ['You may register only if all of the following are true:'],
    list: [
      'you are a Filipino citizen;',
      'you are at least 18 years old and have full legal capacity to enter into contracts;',
      'you have a permanent address in the Philippines;',
      'the mobile number you register is yours and is used only by you.',
    ],
  },
  {
    heading: '4. Your mobile number and codes',
    paragraphs: [
      'We confirm that the number is yours by sending a 6-digit code by SMS. A code is valid for 5 minutes and can be used once. Never share a code with anyone, including anyone who says they work for us: we will never ask you for it.',
      'To protect you from unwanted messages, we limit how many codes can be sent to one number and from one network, and a picture captcha must be solved before a code is sent.',
      'If you lose your phone or change your number, tell us at once at {email} or {phone}, so that nobody else can log in to your account.',
    ],
  },
  {
    heading: '5. Information we collect when you register',
    paragraphs: [
      'We collect your mobile number, the promotion you registered from (the campaign and referral codes in the link you opened, and an invitation code if you entered one), the type of phone you used (iOS or Android) and technical records of the registration, such as the time and the network address, kept to prevent fraud and abuse.',
      'We use this information to create and secure your account, to send you the codes and service messages you need, to count which promotions work, and to meet our legal obligations. We process it under the Data Privacy Act of 2012 (Republic Act No. 10173) and as described in our privacy policy, which also explains what the app collects if you later apply for a loan.',
      'We do not sell your information. We share it only with service providers who work for us under contract (for example, the company that delivers our SMS), and with authorities when the law requires it.',
    ],
  },
  {
    heading: '6. Messages we send',
    paragraphs: [
      'We send you verification codes and messages about your account. We send offers and promotions only if you agree to receive them, and you can stop them at any time by contacting us; stopping them does not affect your account.',
    ],
  },
  {
    heading: '7. Your rights',
    paragraphs: [
      'You have the right to be informed, to access your information, to have it corrected, to object to its processing, to have it erased or blocked when it is no longer needed, to data portability, and to file a complaint with the National Privacy Commission. To use these rights, contact our {grievanceOfficer}.',
    ],
  },
  {
    heading: '8. What you agree not to do',
    paragraphs: ['You agree not to:'],
    list: [
      'register a mobile number that is not yours, or register on behalf of someone else;',
      'give false information or pretend to be someone else;',
      'use scripts or automated tools on the registration page, or try to get around its limits and captcha.',
    ],
  },
  {
    heading: '9. Closing your registration',
    paragraphs: [
      'You may ask us to close your account at any time if you have no unpaid loan with us. We may close a registration that breaks this agreement. After closing, we keep only the records the law requires us to keep, for as long as it requires.',
    ],
  },
  {
    heading: '10. Changes to this agreement',
    paragraphs: [
      'We may update this agreement. The date at the top shows when it last changed. If a change affects your rights, we will tell you in the app or by SMS before it applies.',
    ],
  },
  {
    heading: '11. Governing law',
    paragraphs: [
      'This agreement is governed by the laws of the Philippines, including the Lending Company Regulation Act of 2007 (Republic Act No. 9474) and the rules of the Securities and Exchange Commission.',
    ],
  },
  {
    heading: '12. Contact us',
    paragraphs: ['{lenderName}, {address}. E-mail: {email}. Phone: {phone}. Data privacy: {grievanceOfficer}.'],
  },
];
