import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { certificateLabel } from '../../company-text';

/** spec 000 §2 About us: mission, advantages, team, contact e-mail. */
export function aboutUsEn(c: CompanyInfo): DocContent {
  return {
    intro: [
      `${c.appName} is a cash-loan service for people in the Philippines. It is run by ${c.lenderName}, a lending company registered with the Securities and Exchange Commission (SEC Registration No. ${c.secRegistrationNo}) and holding Certificate of Authority ${certificateLabel(c.certificateOfAuthorityNo)} to operate as a lending company.`,
    ],
    sections: [
      {
        heading: 'Our mission',
        blocks: [
          'Life does not wait for payday. A hospital bill, school fees, a repair at home or a slow week in business can come at any time. Our mission is to let you borrow a fair amount quickly, from your phone, without queues and without collateral.',
          'We lend responsibly. We offer an amount you can repay, we show you the full cost before you accept, and we treat every borrower with respect, including when a payment is late.',
        ],
      },
      {
        heading: 'Why borrow with us',
        blocks: [
          {
            list: [
              {
                term: 'Quick approval.',
                text: 'Apply in a few minutes from your phone. We give you a decision within 1 day, and once you accept the offer the money is sent to your account within 1 to 3 days.',
              },
              {
                term: 'Transparent fees.',
                text: 'Before you accept, we show you the amount you will receive, every fee and interest charge, your repayment dates and the total you will pay. Nothing is added later without telling you.',
              },
              {
                term: 'Flexible repayment.',
                text: 'Pay through GCash, Maya, 7-Eleven, Cebuana, Palawan, ECPay or QR Ph. You may pay early once half of your loan term has passed, and you can ask for an extension if you need more time.',
              },
              {
                term: 'Security.',
                text: 'Your personal information is protected under the Data Privacy Act of 2012. Our connections are encrypted, and our staff will never ask you for the code we send you by SMS.',
              },
            ],
          },
        ],
      },
      {
        heading: 'Our team',
        blocks: [
          'Our team brings together people who know credit, customer care and technology. Credit officers review every application, our customer-service team answers your questions and complaints, and our engineers keep the app safe and working.',
          'We follow the rules of the SEC for lending companies, including its rules against unfair debt collection. Our collectors never shame, threaten or insult a borrower, and never contact the people in your phone’s contact list about your loan.',
        ],
      },
      {
        heading: 'Contact us',
        blocks: [
          `Questions, suggestions or a problem with your loan? Write to us at ${c.email} or call ${c.phone}. Our office is at ${c.address}.`,
        ],
      },
    ],
  };
}
