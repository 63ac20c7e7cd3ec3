import { useEffect, useState } from 'react';
import type { CallReply } from '../../../../shared/api/define-call';
import type { confirmDetail } from '../../../../shared/contracts/loan-confirm';
import { isAllowedRedirect } from '../../../../shared/redirect-allowlist';
import { t } from '../../../lib/i18n';
import { closeWebview } from '../../../lib/native-bridge';
import { Modal } from '../../../lib/ui/overlays/modal';
import styles from './order.module.css';

type Detail = CallReply<typeof confirmDetail>;

/** The native app's back key reaches the page as a `hiram:back` event on window (iOS swipe, Android key). */
export const BACK_EVENT = 'hiram:back';

/**
 * spec 001 §4 loan confirm popups: the retention popup on the platform back event when
 * `isPopType` is 1 (Agree stays, Cancel closes the webview); the agreement of `popAgreementUrl`
 * in a frame on load (Cancel closes the webview, Agree dismisses); on variant 2 the product's
 * promotional popup with a close icon. Returns the back handler for the page's own back button.
 */
export function useConfirmPopups(detail: Detail | undefined, variant2: boolean) {
  const [retention, setRetention] = useState(false);
  const [agreementSeen, setAgreementSeen] = useState(false);
  const [promoSeen, setPromoSeen] = useState(false);
  const onBack = () => (detail?.isPopType === 1 ? setRetention(true) : closeWebview());
  useEffect(() => {
    const listener = () => (detail?.isPopType === 1 ? setRetention(true) : closeWebview());
    window.addEventListener(BACK_EVENT, listener);
    return () => window.removeEventListener(BACK_EVENT, listener);
  }, [detail?.isPopType]);

  const agreementUrl =
    detail?.popAgreementUrl && isAllowedRedirect(detail.popAgreementUrl) ? detail.popAgreementUrl : '';
  const popups = detail ? (
    <>
      <Modal
        visible={retention}
        title={detail.popTitle}
        content={<p data-testid="retention-popup">{detail.popContent}</p>}
        closeOnAction
        actions={[
          { key: 'agree', text: t('confirm.stay'), primary: true, onClick: () => setRetention(false) },
          { key: 'cancel', text: t('confirm.leave'), onClick: closeWebview },
        ]}
      />
      <Modal
        visible={agreementUrl !== '' && !agreementSeen}
        bodyClassName={styles.agreementBody}
        title={detail.agreements[0]?.title}
        content={
          <iframe
            className={styles.agreementFrame}
            src={agreementUrl}
            title={detail.agreements[0]?.title ?? ''}
            data-testid="agreement-frame"
          />
        }
        actions={[
          { key: 'agree', text: t('confirm.agreeButton'), primary: true, onClick: () => setAgreementSeen(true) },
          { key: 'cancel', text: t('common.cancel'), onClick: closeWebview },
        ]}
      />
      <Modal
        visible={variant2 && detail.NewPopMsg !== '' && !promoSeen && (agreementUrl === '' || agreementSeen)}
        content={<p data-testid="promo-popup">{detail.NewPopMsg}</p>}
        // A named, focusable Close button (antd-mobile's corner × is an unnamed <a> without href).
        actions={[{ key: 'close', text: t('order.close'), onClick: () => setPromoSeen(true) }]}
      />
    </>
  ) : null;
  /** The agreement frame is up: the page behind it waits (nothing else mounts under the modal). */
  const blocking = agreementUrl !== '' && !agreementSeen;
  return { onBack, popups, blocking };
}
