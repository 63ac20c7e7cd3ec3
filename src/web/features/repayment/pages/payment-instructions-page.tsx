import { ImageViewer } from '../../../lib/ui/overlays/image-viewer';
import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import styles from '../components/repayment.module.css';
// The step pictures are small (about 800 B each), so the build writes them into the page as `data:`
// addresses: the first is the page's largest paint, and a request of its own cost a round trip
// after the page arrived.
import counterCashier from '../assets/instructions/counter-cashier.svg';
import counterReference from '../assets/instructions/counter-reference.svg';
import walletPayBills from '../assets/instructions/wallet-pay-bills.svg';
import walletPaymentSolutions from '../assets/instructions/wallet-payment-solutions.svg';
import walletProvider from '../assets/instructions/wallet-provider.svg';
import walletReference from '../assets/instructions/wallet-reference.svg';

type Step = { image: string; textKey: Parameters<typeof t>[0] };

/** spec 001 §2.5: two e-wallets by bills payment, and the counters; tapping a step image enlarges it. */
const GUIDES: { titleKey: Parameters<typeof t>[0]; steps: Step[] }[] = [
  {
    titleKey: 'repay.guide.gcash',
    steps: [
      { image: walletPayBills, textKey: 'repay.guide.payBills' },
      { image: walletPaymentSolutions, textKey: 'repay.guide.paymentSolutions' },
      { image: walletProvider, textKey: 'repay.guide.provider' },
      { image: walletReference, textKey: 'repay.guide.reference' },
    ],
  },
  {
    titleKey: 'repay.guide.maya',
    steps: [
      { image: walletPayBills, textKey: 'repay.guide.payBills' },
      { image: walletPaymentSolutions, textKey: 'repay.guide.paymentSolutions' },
      { image: walletProvider, textKey: 'repay.guide.provider' },
      { image: walletReference, textKey: 'repay.guide.reference' },
    ],
  },
  {
    titleKey: 'repay.guide.counter',
    steps: [
      { image: counterCashier, textKey: 'repay.guide.cashier' },
      { image: counterReference, textKey: 'repay.guide.counterReference' },
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
                <button
                  type="button"
                  className={styles.stepButton}
                  onClick={() => setEnlarged(step.image)}
                  aria-label={t('repay.enlarge', { step: i + 1 })}
                  data-testid="step-image"
                >
                  {/* The first picture is on the first screen (the page's largest paint): not lazy. */}
                  <img
                    src={step.image}
                    alt=""
                    width={160}
                    height={284}
                    loading={g === 0 && i === 0 ? 'eager' : 'lazy'}
                  />
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
