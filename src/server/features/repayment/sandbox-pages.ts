import { formatMoney } from '../../../shared/format/money';
import { channelByNumber } from '../../../shared/payment-channels';
import { href } from '../../../shared/pages';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f6fb;color:#1f2329}
header{background:#0b5cd5;color:#fff;padding:16px;font-weight:600}
main{padding:16px;max-width:480px;margin:0 auto}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px}
.row{display:flex;justify-content:space-between;padding:6px 0}
.amount{font-size:28px;font-weight:700;margin:8px 0}
button,a.button{display:block;width:100%;box-sizing:border-box;min-height:48px;border:0;border-radius:24px;font-size:17px;margin-top:12px;text-align:center;line-height:48px;text-decoration:none}
.pay{background:#0b5cd5;color:#fff}.fail{background:#fff;color:#b42318;border:1px solid #b42318}
.note{color:#5c6370;font-size:14px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header>Sandbox payments</header><main>${body}</main></body></html>`;
}

interface RequestView {
  reference: string;
  amount: number;
  channelNumber: number;
  kind: string;
  status: string;
  orderId: number;
  /** The pay-page key the address carried; the forms post it back. */
  key: string;
}

/** The sandbox's hosted checkout, with Pay and Fail. Plain forms: it works without script. */
export function checkoutPage(r: RequestView): string {
  const channel = channelByNumber(r.channelNumber)?.name ?? 'E-wallet';
  const what = r.kind === 'extension' ? 'Loan extension' : 'Loan repayment';
  const done = r.status !== 'pending';
  return page(
    `Pay ${formatMoney(r.amount)} to Hiram`,
    `<div class="card"><div class="note">${escapeHtml(channel)} · pay to Hiram</div><div class="amount" data-testid="sandbox-amount">${escapeHtml(formatMoney(r.amount))}</div>
<div class="row"><span>For</span><span>${escapeHtml(what)}</span></div><div class="row"><span>Reference</span><span data-testid="sandbox-reference">${escapeHtml(r.reference)}</span></div></div>
${
  done
    ? `<p class="card" data-testid="sandbox-result">This payment is already ${escapeHtml(r.status)}.</p>`
    : `<form method="post" action="/sandbox/pay/${escapeHtml(r.reference)}/pay"><input type="hidden" name="key" value="${escapeHtml(r.key)}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/sandbox/pay/${escapeHtml(r.reference)}/fail"><input type="hidden" name="key" value="${escapeHtml(r.key)}"><button class="fail" type="submit">Fail</button></form>
<p class="note">This is a test checkout. No real money moves.</p>`
}`,
  );
}

/** What the sandbox shows after Pay or Fail, with the way back to the order. */
export function resultPage(r: RequestView, outcome: 'paid' | 'failed' | 'refused', message?: string): string {
  const text =
    outcome === 'paid'
      ? `Payment received: ${formatMoney(r.amount)}. Your order has been updated.`
      : outcome === 'failed'
        ? 'The payment failed. Nothing was charged and your order is unchanged.'
        : `The payment could not be completed: ${message ?? 'please try again'}.`;
  return page(
    'Payment result',
    `<div class="card"><p data-testid="sandbox-result">${escapeHtml(text)}</p></div><a class="button pay" href="${escapeHtml(href('loanDetail', { orderId: r.orderId }))}">Back to my order</a>`,
  );
}

export const notFoundPage = () =>
  page(
    'Payment not found',
    '<div class="card"><p data-testid="sandbox-result">No payment has this reference.</p></div>',
  );
