import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { certificateLabel } from '../../company-text';

/**
 * spec 000 §2 Privacy policy, written for borrowers under the Data Privacy Act of 2012
 * (Republic Act No. 10173). The lender's identity and contacts come from configuration.
 */
export function privacyPolicyEn(c: CompanyInfo): DocContent {
  return {
    intro: [
      `This Privacy Policy explains how ${c.lenderName} ("${c.appName}", "we", "us") collects, uses, shares and protects your personal information when you use the ${c.appName} app and website. ${c.lenderName} is a lending company registered with the Securities and Exchange Commission under SEC Registration No. ${c.secRegistrationNo}, with Certificate of Authority ${certificateLabel(c.certificateOfAuthorityNo)}. Our office is at ${c.address}.`,
      'We process personal information in line with the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and Regulations, and the issuances of the National Privacy Commission. Please read this policy before you apply for a loan. If you do not agree with it, please do not use our services.',
    ],
    sections: [
      {
        heading: '1. Information we collect',
        blocks: [
          'We collect only the information we need to give you a loan, to service it, and to meet our legal duties:',
          {
            list: [
              {
                term: 'Identity:',
                text: 'your full name, date of birth, sex, civil status, nationality, a government-issued ID and its photo, and a photo of your face (selfie) to check that the ID is yours.',
              },
              { term: 'Contact details:', text: 'your mobile number, e-mail address and home address.' },
              { term: 'Work and income:', text: 'your employer or business, your job, and your monthly income.' },
              {
                term: 'Account details:',
                text: 'the bank or e-wallet account where we send your loan and from which you pay.',
              },
              {
                term: 'Loan records:',
                text: 'your applications, our decisions, your repayment schedule, your payments, and any late payments.',
              },
              {
                term: 'Messages with us:',
                text: 'your questions, complaints, ratings and the pictures you attach to them.',
              },
              'Device and usage information, described in section 6 below.',
            ],
          },
          'We may also receive information about you from other sources: credit bureaus and the Credit Information Corporation, identity verification providers, and the payment partners that process your payments.',
        ],
      },
      {
        heading: '2. Your representation',
        blocks: [
          'When you give us information, you confirm that it is true, complete and up to date, and that it is your own. If you give us details of another person, for example a reference, you confirm that this person agreed to it. Please tell us within 3 days if your name, date of birth or address changes.',
        ],
      },
      {
        heading: '3. How we use your information',
        blocks: [
          {
            list: [
              'To confirm your identity and prevent fraud, money laundering and other crimes.',
              'To assess your application and decide whether, and how much, we can lend to you.',
              'To send your loan, collect your payments and send you reminders before and after your due date.',
              'To answer your questions and handle your complaints.',
              'To keep our app and systems secure, and to find and fix problems.',
              'To comply with the law and with lawful orders of regulators and courts, including the reporting of credit data required by the Credit Information System Act (Republic Act No. 9510).',
              'To improve our services, using summaries that do not identify you where we can.',
              'To tell you about new offers, only if you agreed to receive them. You can stop them at any time (see section 10).',
            ],
          },
        ],
      },
      {
        heading: '4. Who we share it with',
        blocks: [
          'We do not sell your personal information. We share it only when needed, and only with:',
          {
            list: [
              'Service providers who work for us under written contracts that require them to protect your information, such as cloud hosting, SMS and identity verification providers.',
              'Payment partners that carry your loan money and your payments, such as banks, e-wallets and payment centers.',
              'Credit bureaus and the Credit Information Corporation, as the law requires.',
              'Government agencies, regulators and courts, when the law or a lawful order requires it.',
              'Collection agencies we appoint if a loan is unpaid. They must follow the SEC rules against unfair debt collection practices and keep your information confidential.',
              'A company that takes over our business or your loan. We will notify you in advance if your loan is assigned to another company.',
            ],
          },
          'We never share your information with the people in your phone contact list, and we never use it to shame you.',
        ],
      },
      {
        heading: '5. Cookies and similar technologies',
        blocks: [
          'Our website and the pages inside our app use cookies and the storage of your browser to keep you signed in during a visit, to remember your settings, and to see how our pages perform. They do not hold your ID details. You can delete or block cookies in your browser settings, but some pages may then not work, for example you may have to sign in again.',
        ],
      },
      {
        heading: '6. Information from your device',
        blocks: [
          'With your permission, our app uses the following features of your phone. You can turn each permission off at any time in your phone settings; some steps, such as the identity check, cannot be completed without them.',
          {
            list: [
              {
                term: 'Camera:',
                text: 'to take photos of your ID and your selfie, and pictures you choose to attach to a complaint. We only use the camera when you tap to take a photo. We remove location data from the pictures you upload.',
              },
              {
                term: 'Location (GPS):',
                text: 'to confirm that you apply from the Philippines and to detect fraud. We read your location when you apply, not all the time.',
              },
              {
                term: 'Advertising ID:',
                text: 'the resettable advertising identifier of your phone, used to know which advertisement brought you to us and to detect fraud. You can reset it or limit its use in your phone settings.',
              },
              {
                term: 'Network information:',
                text: 'your IP address, the type of connection and your mobile network, used to keep your account secure and to fix connection problems.',
              },
              {
                term: 'Device details:',
                text: 'the model of your phone, its operating system, app version, device identifier, and battery and storage status, used to detect fraud and to make sure the app works on your phone.',
              },
            ],
          },
        ],
      },
      {
        heading: '7. Minors',
        blocks: [
          'Our services are only for adults. You must be at least 18 years old to apply for a loan. We do not knowingly collect information from anyone under 18. If we learn that we did, we will delete it. If you believe a minor has given us information, please contact us.',
        ],
      },
      {
        heading: '8. Keeping your account and information safe',
        blocks: [
          'Keep your phone, your password or PIN, and the codes we send you by SMS to yourself. Our staff will never ask you for your password or for an SMS code, by phone, SMS, chat or e-mail. If someone asks, do not give it, and tell us.',
          'We protect your information with encrypted connections, access limited to the staff who need it, records of who accessed what, and passwords and codes stored only in scrambled (hashed) form. No system is perfectly secure; if a breach affects you, we will tell you and the National Privacy Commission as the law requires.',
          'We keep your information while you have an account or a loan with us, and afterwards only as long as the law and our regulators require. After that we delete it or make it anonymous.',
        ],
      },
      {
        heading: '9. Your rights',
        blocks: [
          'Under the Data Privacy Act you have the right to be informed about how your information is used, to access it, to correct it, to object to its processing, to ask for it to be blocked or deleted, to receive a copy in a commonly used format, and to be paid damages if it is misused. Some requests cannot be granted while a loan is open or when the law requires us to keep the information; we will explain why.',
        ],
      },
      {
        heading: '10. Opt-out',
        blocks: [
          `You can opt out of offers and other marketing messages at any time by writing to ${c.email}. You can also withdraw your consent to optional uses of your information, such as the advertising ID. Opting out does not stop the messages we must send about a loan you have, such as payment reminders, and it does not cancel a loan you owe.`,
        ],
      },
      {
        heading: '11. Changes to this policy',
        blocks: [
          'We may update this policy when our services or the law change. The current version is always on this page. If a change affects how we use your information in an important way, we will tell you in the app or by SMS before it takes effect.',
        ],
      },
      {
        heading: '12. Grievance officer',
        blocks: [
          `If you have a question or a complaint about how we handle your personal information, or you want to use one of your rights, contact our grievance officer: ${c.grievanceOfficer}.`,
          `You can also write to us at ${c.email}, call ${c.phone}, or send a letter to ${c.lenderName}, ${c.address}. We will answer you in writing.`,
          'If you are not satisfied with our answer, you may file a complaint with the National Privacy Commission: https://www.privacy.gov.ph',
        ],
      },
    ],
  };
}
