import type { SiteContent } from './content';

/** The official site's marketing text (spec 000 §2 Official site), English. */
export const siteContentEn: SiteContent = {
  slides: [
    {
      image: '/img/site/banner-cash.svg',
      action: 'apply',
      title: 'Cash when you need it',
      text: 'Apply from your phone in minutes. No collateral, no queues: the money goes to your e-wallet or bank account.',
    },
    {
      image: '/img/site/banner-fees.svg',
      action: 'calculator',
      title: 'Every peso shown upfront',
      text: 'Before you accept, you see the amount you receive, every fee, your due dates and the total you repay.',
    },
    {
      image: '/img/site/banner-repay.svg',
      action: 'signIn',
      title: 'Repay your way',
      text: 'Pay with GCash, Maya, 7-Eleven, Cebuana Lhuillier, Palawan Express or ECPay, with a reference number.',
    },
  ],
  about: {
    image: '/img/site/about-team.svg',
    paragraphs: [
      'Hiram is a cash-loan service for Filipinos, run by a lending company registered with the Securities and Exchange Commission. A hospital bill, school fees or a slow week in business can come at any time: we let you borrow a fair amount quickly, from your phone.',
      'We lend responsibly. We offer an amount you can repay, we follow the Bangko Sentral ng Pilipinas ceilings on interest and fees for small loans, and we treat every borrower with respect, including when a payment is late.',
    ],
  },
  advantages: [
    {
      image: '/img/site/adv-quick.svg',
      title: 'Quick approval',
      text: 'A decision within 1 day. Once you accept the offer, the money is sent within 1 to 3 days.',
    },
    {
      image: '/img/site/adv-fees.svg',
      title: 'Transparent fees',
      text: 'A Truth in Lending disclosure before you sign: nothing is added later without telling you.',
    },
    {
      image: '/img/site/adv-flexible.svg',
      title: 'Flexible repayment',
      text: 'Terms of 91 days or more, payment reminders, and the option to extend when you need more time.',
    },
    {
      image: '/img/site/adv-secure.svg',
      title: 'Your data is safe',
      text: 'Encrypted connections, and your information is used only as our privacy policy says.',
    },
  ],
  steps: [
    { title: 'Sign up', text: 'Register with your mobile number and a one-time SMS code.' },
    { title: 'Apply', text: 'Choose an amount and a term, and read the full cost before you confirm.' },
    { title: 'Receive', text: 'Once approved, the money goes to the account you chose.' },
  ],
  reviews: [
    {
      name: 'Maricel D.',
      place: 'Quezon City',
      stars: 5,
      text: 'My daughter needed her tuition paid before the exam. I applied at night and the money was in my GCash two days later.',
    },
    {
      name: 'Rodel P.',
      place: 'Cebu City',
      stars: 5,
      text: 'I liked that the app showed the exact total before I accepted. I paid at 7-Eleven with the reference number, easy.',
    },
    {
      name: 'Joy A.',
      place: 'Davao City',
      stars: 4,
      text: 'I was a few days short on my due date and could extend the loan. Customer service answered my e-mail the same day.',
    },
  ],
  termsSummary:
    'The loan terms and conditions explain the interest, the fees, the penalties for late payment, early repayment and extensions, and how each payment is applied.',
};
