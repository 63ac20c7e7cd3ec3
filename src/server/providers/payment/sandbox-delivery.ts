import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { CallbackEvent } from './payment-provider';
import type { sandboxProvider } from './sandbox-provider';

/** The sandbox delivers its signed callback to our callback address, as a real provider would over HTTP. */
export async function deliverSandboxEvent(
  app: FastifyInstance,
  sandbox: ReturnType<typeof sandboxProvider>,
  path: string,
  event: Omit<CallbackEvent, 'eventId'> & { eventId?: string },
  clock: Clock,
): Promise<{ code: number | string; message: string }> {
  const eventId = event.eventId ?? randomUUID();
  // What the sandbox took is in its transactions listing (reconciliation reads it); a refund takes it back.
  if (event.status === 'paid') {
    sandbox.ledger.record({
      id: `sandbox-py-${event.reference}`,
      reference: event.reference,
      direction: 'in',
      amount: event.amount,
      status: 'succeeded',
      at: event.paidAt ?? clock.now().toISOString(),
    });
  } else if (event.status === 'refunded') sandbox.ledger.update(event.reference, 'in', { status: 'reversed' });
  const signed = sandbox.signEvent({ ...event, eventId }, clock.now().getTime());
  return deliverSigned(app, path, signed, event.reference);
}

/** Posts a signed sandbox callback to our own callback address and answers the reply's envelope. */
export async function deliverSigned(
  app: FastifyInstance,
  path: string,
  signed: { body: string; headers: Record<string, string> },
  reference: string,
): Promise<{ code: number | string; message: string }> {
  const res = await app.inject({ method: 'POST', url: path, headers: signed.headers, payload: signed.body });
  const answer = res.json() as { code: number | string; message: string };
  if (answer.code !== 0)
    app.log.warn({ reference, code: answer.code, message: answer.message }, 'sandbox callback refused');
  return answer;
}
