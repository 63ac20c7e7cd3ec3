import { useQuery } from '@tanstack/react-query';
import { delayDetail, installmentDetail } from '../../../../shared/contracts/repayment';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 001 §7 installment loan play detail. */
export function useInstallmentDetail(orderId: number, productId?: number) {
  return useQuery(callQueryOptions(installmentDetail, { orderId, productId }, { loading: t('common.loading') }));
}

/** spec 001 §7 delay repayment detail. */
export function useDelayDetail(orderId: number, productId?: number) {
  return useQuery(callQueryOptions(delayDetail, { orderId, productId }, { loading: t('common.loading') }));
}
