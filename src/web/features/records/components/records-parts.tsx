import { useLocation, useNavigate } from '../../../lib/router';
import { closeWebview } from '../../../lib/native-bridge';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import styles from './records.module.css';

/** Positive whole numbers from the address; anything else is 0, which the server refuses with its reason. */
export const idParam = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * Back within the records pages and to the order page they open from; on a page the app opened
 * first there is nothing behind it, so the webview closes (a browser goes back or home).
 */
export function useBackOrClose(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else closeWebview();
  };
}

export interface Line {
  label: string;
  value: string;
  testId?: string;
}

/** Label and value lines; nulls (a figure that does not apply) are left out. */
export function Lines({ lines, testId }: { lines: readonly (Line | null | false)[]; testId?: string }) {
  return (
    <dl className={styles.lines} data-testid={testId}>
      {lines
        .filter((line): line is Line => Boolean(line))
        .map((line) => (
          <div key={line.label} className={styles.line}>
            <dt>{line.label}</dt>
            <dd data-testid={line.testId}>{line.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The lender as the legal pages name it, at the head of a receipt or a certificate. */
export function LenderHead({
  lender,
}: {
  lender: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string; address: string };
}) {
  return (
    <div className={styles.docHead} data-testid="doc-lender">
      <p className={styles.lender}>{lender.name}</p>
      <p className={styles.small}>{lender.address}</p>
      <p className={styles.small}>
        {t('records.registration', { sec: lender.secRegistrationNo, ca: lender.certificateOfAuthorityNo })}
      </p>
    </div>
  );
}

/** Prints the document (the browser's print dialog; the print stylesheet leaves the page's controls out). */
export function PrintButton() {
  return (
    <Button block size="large" className={styles.noPrint} onClick={() => window.print()} data-testid="print">
      {t('records.print')}
    </Button>
  );
}
