/**
 * Demo products. `terms` is the loan engine's product configuration: money in centavos,
 * interest per day in basis points of the outstanding principal, fees in basis points.
 */
export const demoProducts = [
  {
    id: 1,
    name: 'Hiram Cash',
    logo: '/img/products/hiram-cash.webp',
    terms: {
      minAmount: 300_000,
      maxAmount: 1_000_000,
      amountStep: 50_000,
      termDays: 91,
      periods: 1,
      dailyInterestBps: 15,
      serviceFeeBps: 300,
      extensionFeeBps: 200,
      extensionAllowed: true,
    },
  },
  {
    id: 2,
    name: 'Hiram Plus',
    logo: '/img/products/hiram-plus.webp',
    terms: {
      minAmount: 1_000_000,
      maxAmount: 5_000_000,
      amountStep: 100_000,
      termDays: 180,
      periods: 6,
      dailyInterestBps: 10,
      serviceFeeBps: 250,
      extensionFeeBps: 150,
      extensionAllowed: true,
    },
    // A first Hiram Plus loan is at most ₱20,000; each loan repaid on time adds ₱10,000.
    firstLoanMax: 2_000_000,
    limitStep: 1_000_000,
    presentation: {
      buttonText: 'Get my Hiram Plus loan',
      promoText: 'Pay every installment on time and your next Hiram Plus limit can grow.',
      retention: {
        title: 'Leave without your loan?',
        content: 'Your quote is ready. Stay to finish your application in one more step.',
      },
      agreementPopUrl: '/loanAgreement?productId=2&position=1',
    },
  },
  {
    id: 3,
    name: 'Hiram Flex',
    logo: '/img/products/hiram-flex.webp',
    terms: {
      minAmount: 500_000,
      maxAmount: 2_000_000,
      amountStep: 50_000,
      termDays: 120,
      // Two terms to choose from on the confirm page: 120 days, or 180 in four payments of 45 days.
      termOptions: [120, 180],
      periods: 4,
      dailyInterestBps: 12,
      serviceFeeBps: 300,
      extensionFeeBps: 200,
      extensionAllowed: false,
    },
  },
] as const;
