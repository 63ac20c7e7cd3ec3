import { z } from 'zod';

/** Every reply: `{ code, data, message }` (architecture.md: The wire contract). */
export interface Envelope<T> {
  code: number | string;
  data: T;
  message: string;
}

/** Which success code a call uses: integer 0 by default, "00" where the specs say so. */
export type SuccessCode = 0 | '00';

export function isSuccess(code: unknown, success: SuccessCode): boolean {
  if (success === '00') return code === '00' || code === 0 || code === '0';
  // spec 000 §8: "successful only when code parses to integer 0"
  return typeof code === 'number' ? code === 0 : Number.parseInt(String(code), 10) === 0;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.union([z.number(), z.string()]),
    data: data.nullable(),
    message: z.string(),
  });
}
