// The sandbox provider's hosted checkout page (/sandbox/checkout/:ref): pay, decline, fail as a bank transfer or
// leave pending, then return to the store exactly the way ErcasPay's checkout redirects back. A failed transfer
// can later complete ("Complete late"), to try the store's late-success path.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { formatNaira } from '../../../shared/money.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import {
  completeSandboxCheckoutLate,
  decideSandboxCheckout,
  findSandboxCheckout,
  type SandboxCheckout,
} from './sandbox-provider.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const ACTIONS = { pay: 'SUCCESSFUL', decline: 'CANCELLED', fail: 'FAILED' } as const;
const SANDBOX_NOTE = 'This is the built-in sandbox payment provider: no real money moves.';

export function sandboxRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  // Scoped so the rest of the server keeps accepting JSON only; URLSearchParams needs no dependency.
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser(FORM_TYPE)) {
      scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }

    scope.get<{ Params: { ref: string } }>('/sandbox/checkout/:ref', async (req, reply) => {
      const row = await findSandboxCheckout(db, req.params.ref);
      if (!row) return checkoutNotFound(reply);
      return sendPage(reply, 200, 'Sandbox checkout', checkoutBody(row));
    });

    scope.post<{ Params: { ref: string }; Body: Record<string, string> | undefined }>(
      '/sandbox/checkout/:ref',
      async (req, reply) => {
        const action = req.body?.action;
        if (
          action !== 'pay' &&
          action !== 'decline' &&
          action !== 'fail' &&
          action !== 'pending' &&
          action !== 'late'
        ) {
          return sendPage(
            reply,
            400,
            'Unknown choice',
            '<p>Choose Pay, Decline or Leave pending.</p>',
          );
        }
        const row =
          action === 'pending'
            ? await findSandboxCheckout(db, req.params.ref)
            : action === 'late'
              ? await completeSandboxCheckoutLate(db, req.params.ref)
              : await decideSandboxCheckout(db, req.params.ref, ACTIONS[action]);
        if (!row) return checkoutNotFound(reply);
        // 303 so the browser follows with a GET, as after ErcasPay's checkout; a decided row redirects with its final status.
        return reply.header('cache-control', 'no-store').redirect(returnUrl(row), 303);
      },
    );
  });
}

function checkoutNotFound(reply: FastifyReply) {
  return sendPage(
    reply,
    404,
    'Checkout not found',
    '<p>There is no sandbox checkout with this reference.</p>',
  );
}

/** Where ErcasPay sends the customer back: `PAID` + transRef when paid, `CANCELLED` without it when declined. */
export function returnUrl(
  row: Pick<
    SandboxCheckout,
    'redirectUrl' | 'paymentReference' | 'transactionReference' | 'status'
  >,
): string {
  const params = new URLSearchParams({ reference: row.paymentReference });
  if (row.status === 'SUCCESSFUL') params.set('status', 'PAID');
  else params.set('status', row.status);
  if (row.status !== 'CANCELLED') params.set('transRef', row.transactionReference);
  // Appended by hand so a relative redirect URL works too; an existing query or fragment is kept.
  const [beforeHash = '', hash] = splitOnce(row.redirectUrl, '#');
  const joiner = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${joiner}${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}

function checkoutBody(row: SandboxCheckout): string {
  const details = `<dl>
<dt>Amount</dt><dd><strong>${escapeHtml(formatNaira(row.amountKobo))}</strong></dd>
<dt>E-mail</dt><dd>${escapeHtml(row.customerEmail)}</dd>
<dt>Description</dt><dd>${escapeHtml(row.description)}</dd>
<dt>Reference</dt><dd><code>${escapeHtml(row.paymentReference)}</code></dd>
</dl>`;
  const action = `/sandbox/checkout/${encodeURIComponent(row.transactionReference)}`;
  if (row.status === 'FAILED') {
    return `${details}<p>This bank transfer was reported <strong>failed</strong>. A real transfer can still complete hours later.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" name="action" value="late" class="pay">Complete late</button></form>
<p><a href="${escapeHtml(returnUrl(row))}">Return to the store</a></p>`;
  }
  if (row.status !== 'PENDING') {
    const outcome = row.status === 'SUCCESSFUL' ? 'paid' : 'declined';
    return `${details}<p>This payment was already <strong>${outcome}</strong> and cannot change.</p>
<p><a href="${escapeHtml(returnUrl(row))}">Return to the store</a></p>`;
  }
  return `${details}<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="action" value="pay" class="pay">Pay ${escapeHtml(formatNaira(row.amountKobo))}</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="fail">Fail transfer</button>
<button type="submit" name="action" value="pending">Leave pending</button>
</form>`;
}

// Inline <style> is allowed by our CSP (style-src 'unsafe-inline'); scripts are not, and the page needs none.
function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
.note{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.75rem}dt{color:#475569;font-size:.85rem}dd{margin:0 0 .75rem}
button{font:inherit;padding:.6rem 1rem;margin:.25rem .25rem 0 0;border-radius:.5rem;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button.pay{background:#4338ca;border-color:#4338ca;color:#fff}</style></head><body><h1>${escapeHtml(title)}</h1>
<p class="note">${escapeHtml(SANDBOX_NOTE)}</p>
${body}</body></html>`);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const i = text.indexOf(separator);
  return i === -1 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}
