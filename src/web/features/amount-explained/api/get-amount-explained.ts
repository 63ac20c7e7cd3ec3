import { useQuery } from '@tanstack/react-query';
import { amountExplained } from '../../../../shared/contracts/amount-explained';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** "Why this amount": the amount due on one of the borrower's orders, line by line. */
export function useAmountExplained(orderId: number) {
  return useQuery({
    ...callQueryOptions(amountExplained, { orderId }, { loading: t('common.loading') }),
    enabled: orderId > 0,
  });
}
