import { PRIVACY_CONSENT_VERSION } from '../../shared/contracts/application';

/**
 * The data-privacy consent the borrower agrees to before answering (Data Privacy Act of 2012,
 * RA 10173). Changing a word here means a new PRIVACY_CONSENT_VERSION, so borrowers agree again.
 */
export const PRIVACY_CONSENT_TEXT = [
  `Privacy consent (version ${PRIVACY_CONSENT_VERSION}).`,
  'I agree that the lender collects and keeps the personal information I give in this application: my name, date of birth, address, work and income, my government ID and its photo, a selfie, the reference person I name, and my payout account.',
  'It is used to verify who I am, to decide on my application, to send and collect my loan, and as the law requires. It is shared only with credit bureaus, payment providers and authorities where the law allows, and kept no longer than the law requires.',
  'I confirm that my reference person agreed to be named. I may ask to see, correct or delete my information, and withdraw this consent for future applications, through the privacy policy or customer service.',
].join('\n\n');
