import { z } from 'zod';

/**
 * spec 001 §2.6: the QR code of a QR Ph payload, drawn by the server, so the page loads no QR
 * library. Kept apart from the repayment contract so the code page loads only this path.
 * Not an envelope call: answers image/svg+xml (or the envelope on a refusal).
 */
export const PAY_QR_PATH = '/v3/repayment/qr';

/** A QR Ph (EMVCo) payload is printable ASCII, a few hundred characters at most. */
export const payQrQuery = z.object({
  text: z
    .string()
    .min(1, 'text is required')
    .max(512, 'text: at most 512 characters')
    .regex(/^[\x20-\x7e]+$/, 'text: printable ASCII only'),
});
