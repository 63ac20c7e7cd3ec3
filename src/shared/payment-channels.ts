/**
 * architecture.md: Providers payment channels: GCash and Maya bills payment, 7-Eleven, Cebuana, Palawan, ECPay
 * and QR Ph. `kind` decides what paying looks like: an e-wallet checkout page, a reference
 * number for a counter, or a QR code to scan. Which ones a product offers is configured per
 * product (table product_channels).
 */
export type ChannelKind = 'ewallet' | 'counter' | 'qr';

export interface PaymentChannel {
  channelNumber: number;
  code: string;
  name: string;
  kind: ChannelKind;
  logo: string;
}

export const PAYMENT_CHANNELS: readonly PaymentChannel[] = [
  { channelNumber: 91001, code: 'GCASH', name: 'GCash', kind: 'ewallet', logo: '/img/channels/gcash.webp' },
  { channelNumber: 91002, code: 'MAYA', name: 'Maya', kind: 'ewallet', logo: '/img/channels/maya.webp' },
  { channelNumber: 91003, code: '7ELEVEN', name: '7-Eleven', kind: 'counter', logo: '/img/channels/7-eleven.webp' },
  {
    channelNumber: 91004,
    code: 'CEBUANA',
    name: 'Cebuana Lhuillier',
    kind: 'counter',
    logo: '/img/channels/cebuana.webp',
  },
  {
    channelNumber: 91005,
    code: 'PALAWAN',
    name: 'Palawan Express',
    kind: 'counter',
    logo: '/img/channels/palawan.webp',
  },
  { channelNumber: 91006, code: 'ECPAY', name: 'ECPay', kind: 'counter', logo: '/img/channels/ecpay.webp' },
  { channelNumber: 91007, code: 'QRPH', name: 'QR Ph', kind: 'qr', logo: '/img/channels/qr-ph.webp' },
];

export function channelByNumber(channelNumber: number): PaymentChannel | undefined {
  return PAYMENT_CHANNELS.find((c) => c.channelNumber === channelNumber);
}
