import { z } from 'zod';
import { defineCall } from '../api/define-call';

export const productSummary = z.object({
  productId: z.number().int(),
  name: z.string(),
  logo: z.string(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** The most this borrower may borrow under the product now: it grows with loans repaid on time. */
  limit: z.number().int(),
  termDays: z.number().int(),
  rateText: z.string(),
  /**
   * The borrower's open application or loan that stops a new application under this product (as
   * many are open as the product allows), told before the borrower starts one; null when none does.
   */
  blockedBy: z
    .object({ orderId: z.number().int(), orderNo: z.string(), productId: z.number().int(), status: z.number().int() })
    .nullable(),
});

export const orderSummary = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});

/** The web home page (architecture.md: Native bridge browser fallback for "go home"): products and my orders. */
export const homeOverview = defineCall({
  name: 'home.overview',
  method: 'GET',
  path: '/v3/home/overview',
  auth: true,
  success: 0,
  summary: "Products on offer and the signed-in borrower's orders",
  request: z.object({}),
  reply: z.object({ products: z.array(productSummary), orders: z.array(orderSummary) }),
});

export type ProductSummary = z.infer<typeof productSummary>;
export type OrderSummary = z.infer<typeof orderSummary>;
