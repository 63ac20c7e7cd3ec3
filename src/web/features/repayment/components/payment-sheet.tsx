import { Popup } from '../../../lib/ui/overlays/popup';
import { Button } from '../../../lib/ui/button';
import { useState } from 'react';
import { payRequest } from '../../../../shared/contracts/repayment';
import { formatMoney } from '../../../../shared/format/money';
import { outsideChannelLimit } from '../../../../shared/payment-channel-limits';
import { channelByNumber } from '../../../../shared/payment-channels';
import { isAllowedRedirect } from '../../../../shared/redirect-allowlist';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import styles from './repayment.module.css';

export interface SheetChannel {
  name: string;
  logo: string;
  channel_number: number;
}

interface Props {
  channels: readonly SheetChannel[];
  orderId: number;
  productId: number;
  amount: number;
  isDelay: 0 | 1;
}

/**
 * A counter code's page of ours is told the order it pays, so it can offer to check the payment's
 * status; any other address (a provider's checkout) is left as the server gave it.
 */
function withOrder(payUrl: string, orderId: number, productId: number): string {
  if (!payUrl.startsWith('/repaymentOfCode?') || !payUrl.includes('showType=1')) return payUrl;
  return `${payUrl}&${new URLSearchParams({ orderId: String(orderId), productId: String(productId) })}`;
}

/**
 * spec 001 §2.8, §4 Payment sheet: the Payment Method button opens a bottom sheet of channels
 * (logo, name, check mark; the first chosen by default); Payment asks for a pay address and goes.
 */
export function PaymentMethodSheet({ channels, orderId, productId, amount, isDelay }: Props) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(channels[0]?.channel_number);
  const pay = useCallMutation(payRequest, { loading: t('common.loading') });

  async function submit() {
    if (chosen === undefined) return;
    // An amount the channel cannot take is said here, in the reader's language, before asking.
    const known = channelByNumber(chosen);
    const outside = known ? outsideChannelLimit(known.code, amount) : null;
    if (known && outside) {
      showToast(
        outside.side === 'below'
          ? t('repay.limitBelow', { channel: known.name, min: formatMoney(outside.limit.min) })
          : t('repay.limitAbove', { channel: known.name, max: formatMoney(outside.limit.max) }),
      );
      return;
    }
    const result = await pay.mutateAsync({ orderId, productId, amount, channelNumber: chosen, isDelay });
    if (!result.success || !result.data) return;
    const { payUrl } = result.data;
    // Checked again here: the page only ever goes where the server may send it.
    if (!isAllowedRedirect(payUrl)) {
      showToast(t('repay.badAddress'));
      return;
    }
    window.location.assign(withOrder(payUrl, orderId, productId));
  }

  return (
    <>
      <Button block size="large" onClick={() => setOpen(true)} data-testid="payment-method">
        {t('repay.paymentMethod')}
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
      >
        <h2 className={styles.sheetTitle}>{t('repay.paymentMethod')}</h2>
        <ul className={styles.channels} aria-label={t('repay.paymentMethod')}>
          {channels.map((c) => {
            const selected = c.channel_number === chosen;
            return (
              <li key={c.channel_number}>
                <button
                  type="button"
                  className={styles.channel}
                  aria-pressed={selected}
                  onClick={() => setChosen(c.channel_number)}
                  data-testid={`channel-${c.channel_number}`}
                >
                  <img src={c.logo} alt="" width={32} height={32} />
                  <span>{c.name}</span>
                  <span className={selected ? styles.checked : styles.unchecked} aria-hidden="true">
                    {selected ? '✓' : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className={styles.hint}>{t('repay.chooseHint')}</p>
        <Button block size="large" loading={pay.isPending} onClick={submit} data-testid="pay-submit">
          {t('repay.payment')}
        </Button>
      </Popup>
    </>
  );
}
