import { useSearchParams } from '../../../lib/router';

/** The order the page is for: `orderId` and `productId` from the address (spec 001 §2.3 entries). */
export function useOrderQuery(): { orderId: number; productId: number | undefined } {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const product = Number(params.get('productId'));
  return {
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : 0,
    productId: Number.isInteger(product) && product > 0 ? product : undefined,
  };
}
