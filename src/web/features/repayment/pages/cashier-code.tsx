import { type ReactNode, useEffect, useRef, useState } from 'react';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import styles from '../components/repayment.module.css';

/** The time an over-the-counter code stops working, in Manila, or null when there is none or it is not a date. */
function expiryOf(expiresAt: string | null | undefined): string | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) ? humanDate(new Date(at), true) : null;
}

/**
 * The number an outlet's cashier takes (spec 001 §2.5 "give the reference number", §2.6, §2.7),
 * said the same way on every page: the sentence, the number, its Code 128 barcode for the
 * cashier's scanner and, when the code expires, until when it can be paid. The barcode library is
 * loaded only when a code is shown, so it never weighs on the first load.
 */
export function CashierCode({
  code,
  expiresAt,
  children,
}: {
  code: string;
  expiresAt?: string | null;
  children?: ReactNode;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [drawn, setDrawn] = useState(false);
  const expiry = expiryOf(expiresAt);

  useEffect(() => {
    let live = true;
    setDrawn(false);
    if (!code) return;
    void import('jsbarcode').then(({ default: JsBarcode }) => {
      if (!live || !svg.current) return;
      // A quiet zone of 10 modules on each side, which Code 128 scanners need to find the start.
      JsBarcode(svg.current, code, {
        format: 'CODE128',
        displayValue: false,
        margin: 20,
        height: 64,
        width: 2,
        background: '#ffffff',
      });
      setDrawn(true);
    });
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <>
      <p className={styles.label} data-testid="cashier-sentence">
        {t('repay.giveCashier')}
      </p>
      {children ?? (
        <p className={styles.code} data-testid="pay-code">
          {code}
        </p>
      )}
      <svg
        ref={svg}
        role="img"
        aria-label={`${t('repay.giveCashier')} ${code}`}
        data-testid="cashier-barcode"
        data-drawn={drawn ? 'yes' : 'no'}
        style={{ display: 'block', margin: '12px auto', maxWidth: '100%', height: 'auto' }}
      />
      {expiry ? (
        <p className={styles.label} data-testid="code-expiry">
          {t('repay.payBefore', { when: expiry })}
        </p>
      ) : null}
      {/* No counter channel of ours charges the borrower a fee (src/shared/payment-channels.ts has none to show). */}
      <p className={styles.label} data-testid="code-fee">
        {t('counter.feeNone')}
      </p>
    </>
  );
}
