import { ImageViewer } from '../../../lib/ui/overlays/image-viewer';
import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import styles from '../components/repayment.module.css';

type Step = { image: string; textKey: Parameters<typeof t>[0] };

/** spec 001 §2.5: two e-wallets by bills payment, and the counters; tapping a step image enlarges it. */
const GUIDES: { titleKey: Parameters<typeof t>[0]; steps: Step[] }[] = [
  {
    titleKey: 'repay.guide.gcash',
    steps: [
      { image: '/img/instructions/wallet-pay-bills.svg', textKey: 'repay.guide.payBills' },
      { image: '/img/instructions/wallet-payment-solutions.svg', textKey: 'repay.guide.paymentSolutions' },
      { image: '/img/instructions/wallet-provider.svg', textKey: 'repay.guide.provider' },
      { image: '/img/instructions/wallet-reference.svg', textKey: 'repay.guide.reference' },
    ],
  },
  {
    titleKey: 'repay.guide.maya',
    steps: [
      { image: '/img/instructions/wallet-pay-bills.svg', textKey: 'repay.guide.payBills' },
      { image: '/img/instructions/wallet-payment-solutions.svg', textKey: 'repay.guide.paymentSolutions' },
      { image: '/img/instructions/wallet-provider.svg', textKey: 'repay.guide.provider' },
      { image: '/img/instructions/wallet-reference.svg', textKey: 'repay.guide.reference' },
    ],
  },
  {
    titleKey: 'repay.guide.counter',
    steps: [
      { image: '/img/instructions/counter-cashier.svg', textKey: 'repay.guide.cashier' },
      { image: '/img/instructions/counter-reference.svg', textKey: 'repay.guide.counterReference' },
    ],
  },
];

export function PaymentInstructionsPage() {
  const [enlarged, setEnlarged] = useState<string | null>(null);
  return (
    <PageLayout title={t('page.paymentInstructions')}>
      {GUIDES.map((guide, g) => (
        <section key={guide.titleKey} className={styles.card}>
          <h2 className={styles.sheetTitle}>{t(guide.titleKey as 'repay.guide.gcash')}</h2>
          <ol className={styles.steps}>
            {guide.steps.map((step, i) => (
              <li key={step.textKey}>
                <button type="button" className={styles.stepButton} onClick={() => setEnlarged(step.image)} aria-label={t('repay.enlarge', { step: i + 1 })} data-testid="step-image">
                  {/* The first picture is on the first screen (the page's largest paint, issue 12): not lazy. */}
                  <img src={step.image} alt="" width={160} height={284} loading={g === 0 && i === 0 ? 'eager' : 'lazy'} />
                </button>
                <p className={styles.stepText}>
                  {i + 1}. {t(step.textKey as 'repay.guide.payBills')}
                </p>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <ImageViewer image={enlarged ?? ''} visible={enlarged !== null} onClose={() => setEnlarged(null)} />
    </PageLayout>
  );
}
