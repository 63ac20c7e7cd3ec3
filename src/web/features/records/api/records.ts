import { useQuery } from '@tanstack/react-query';
import { orderRecords, paymentCertificate, paymentReceipt } from '../../../../shared/contracts/records';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';

const loading = () => ({ loading: t('common.loading') });

/** An order's records: schedule, payments, accepted disclosures (the server's figures). */
export function useOrderRecords(orderId: number) {
  return useQuery(callQueryOptions(orderRecords, { orderId }, loading()));
}

/** One payment's receipt. */
export function usePaymentReceipt(orderId: number, paymentId: number) {
  return useQuery(callQueryOptions(paymentReceipt, { orderId, paymentId }, loading()));
}

/** The certificate of full payment; the server refuses it, with its reason, until the loan is settled. */
export function usePaymentCertificate(orderId: number) {
  return useQuery(callQueryOptions(paymentCertificate, { orderId }, loading()));
}
