import { z } from 'zod';
import { defineCall } from '../api/define-call';

/** spec 001 §3: a recommended product on the failure page. Money in centavos. */
export const recommendedProduct = z.object({
  productId: z.number().int(),
  logo: z.string(),
  name: z.string(),
  buttonText: z.string(),
  /** 1 enabled, 0 disabled (grey; a tap does nothing). */
  state: z.number().int(),
  amountRange: z.string(),
  rangeDesc: z.string(),
  rate: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});
export type RecommendedProduct = z.infer<typeof recommendedProduct>;

export const failureInfo = defineCall({
  name: 'jointLogin.failureInfo',
  method: 'GET',
  path: '/v3/joint-login/failure-info',
  auth: true,
  success: 0,
  summary: 'Why the joint login with a partner failed, and the products the borrower can apply for instead',
  request: z.object({ productId: z.coerce.number().int().positive().optional() }),
  reply: z.object({ noticeMessage: z.string(), errMessage: z.string(), list: z.array(recommendedProduct) }),
});

export const productJump = defineCall({
  name: 'jointLogin.productJump',
  method: 'POST',
  path: '/v3/joint-login/product-jump',
  auth: true,
  success: '00',
  summary: 'Where a tap on a recommended product leads (its loan confirm page)',
  request: z.object({ productId: z.coerce.number().int().positive(), index: z.coerce.number().int().min(0).max(99) }),
  reply: z.object({ link: z.string() }),
});
