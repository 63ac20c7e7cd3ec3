import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { API_BASE } from '../../../shared/constants';
import { PAY_QR_PATH, payQrQuery } from '../../../shared/contracts/pay-qr';

/** The QR code of a payload as SVG markup: one module of quiet zone, medium error correction. */
export const payQrSvg = (text: string): Promise<string> =>
  QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/**
 * spec 001 §2.6: the code page shows a QR Ph payload from its address as this image. No session:
 * an <img> sends none in the native app, and the picture tells nothing the address did not hold.
 * The same payload always draws the same picture, so browsers keep it.
 */
export function payQrRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_BASE + PAY_QR_PATH,
    {
      schema: {
        summary: 'The QR code of a QR Ph payload (image/svg+xml)',
        tags: ['repayment'],
        querystring: payQrQuery,
      },
    },
    async (req, reply) =>
      reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400, immutable')
        // Markup from qrcode holds no script; this keeps it so should the image be opened on its own.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(await payQrSvg(req.query.text)),
  );
}
