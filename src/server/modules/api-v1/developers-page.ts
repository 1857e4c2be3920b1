// /developers: the reseller API's reference, written by the server from the OpenAPI document itself (no script runs,
// so it works under the store's strict Content-Security-Policy, and it cannot say anything the document does not).
import { escapeHtml as e } from '../../html/escape-html.ts';
import { linkPreviewTags } from '../../html/link-preview.ts';
import { fullTitle, paths as pagePaths } from '../../../shared/paths.ts';
import {
  WEBHOOK_ADDRESS_RULE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../shared/webhooks.ts';
import { RETRY_RULE } from './openapi-document.ts';

const DESCRIPTION =
  'The reseller API: keys, catalogue, purchases, orders, credentials and signed webhooks.';

/** How a receiver checks a delivery, shown on the page as is (openapi.test.ts runs this very text on a real delivery). */
export const VERIFY_WEBHOOK_SNIPPET = `import crypto from 'node:crypto';

// rawBody: the request body exactly as received (a string), before any JSON parsing.
// header: the ${WEBHOOK_SIGNATURE_HEADER} header; secret: your endpoint's whsec_… secret.
function verifyWebhook(secret, rawBody, header, toleranceSeconds = ${WEBHOOK_TOLERANCE_SECONDS}) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  // Replay protection: a signature older (or newer) than the tolerance is refused.
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}`;

type Json = Record<string, unknown>;
type Schema = {
  type?: string | string[];
  $ref?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  format?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
};

const refName = (ref: string) => ref.split('/').pop()!;

function typeOf(s: Schema): string {
  if (s.$ref) return `<a href="#schema-${e(refName(s.$ref))}">${e(refName(s.$ref))}</a>`;
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (s.enum) return s.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(' | ');
  if (s.const !== undefined) return `<code>${e(JSON.stringify(s.const))}</code>`;
  if (s.type === 'array' && s.items) return `array of ${typeOf(s.items)}`;
  const type = [s.type ?? 'any'].flat().join(' or ');
  return e(s.format ? `${type} (${s.format})` : type);
}

function fieldsTable(s: Schema): string {
  const rows = Object.entries(s.properties ?? {})
    .map(
      ([name, p]) =>
        `<tr><td><code>${e(name)}</code>${s.required?.includes(name) ? '' : ' (optional)'}</td>` +
        `<td>${typeOf(p)}</td><td>${e(p.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table><thead><tr><th>Field</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function operationHtml(path: string, method: string, op: Json): string {
  const params = (op.parameters as (Json & { schema: Schema })[] | undefined) ?? [];
  const body = (op.requestBody as { content: Record<string, { schema: Schema }> } | undefined)
    ?.content['application/json']?.schema;
  const responses = Object.entries(op.responses as Record<string, Json>)
    .map(([status, r]) => {
      const schema = (r.content as Record<string, { schema: Schema }> | undefined)?.[
        'application/json'
      ]?.schema;
      return `<li><strong>${e(status)}</strong> ${e(String(r.description))}${schema ? `: ${typeOf(schema)}` : ''}</li>`;
    })
    .join('');
  return `<section id="op-${e(String(op.operationId))}">
<h3><code>${e(method.toUpperCase())} ${e(path)}</code></h3>
<p>${e(String(op.summary))}. Scope: <code>${e(String(op['x-scope']))}</code>.</p>
${op.description ? `<p>${e(String(op.description))}</p>` : ''}
${params.length ? `<p>Parameters: ${params.map((p) => `<code>${e(String(p.name))}</code> (${e(String(p.in))}${p.required ? ', required' : ''}) ${typeOf(p.schema)}`).join('; ')}</p>` : ''}
${body ? `<p>Body (JSON):</p>${fieldsTable(body)}` : ''}
<p>Answers:</p><ul>${responses}</ul>
</section>`;
}

function webhookHtml(event: string, op: Json): string {
  const schema = (op.requestBody as { content: Record<string, { schema: Schema }> }).content[
    'application/json'
  ]!.schema;
  return `<section id="webhook-${e(event)}">
<h3><code>${e(event)}</code></h3>
<p>${e(String(op.summary))}. Body: ${typeOf(schema)}.</p>
</section>`;
}

/** The page, at `publicUrl`/developers: titled, described and previewed like every other page of the store. */
export function developersPage(doc: Json, publicUrl: string, storeName: string): string {
  const info = doc.info as { title: string; description: string; version: string };
  const title = fullTitle(info.title, storeName);
  const server = (doc.servers as { url: string }[])[0]!.url;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const ops = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => operationHtml(path, method, op)),
    )
    .join('\n');
  const webhooks = Object.entries(doc.webhooks as Record<string, { post: Json }>)
    .map(([event, { post }]) => webhookHtml(event, post))
    .join('\n');
  const models = Object.entries(schemas)
    .map(
      ([name, s]) =>
        `<section id="schema-${e(name)}"><h3>${e(name)}</h3>${fieldsTable(s)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<meta name="description" content="${e(DESCRIPTION)}">
${linkPreviewTags({ title, description: DESCRIPTION, url: publicUrl + pagePaths.developers, storeName }, publicUrl)}
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#111;background:#fff}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f5;padding:.75rem;overflow-x:auto}
code{overflow-wrap:anywhere}.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #eee;padding-top:.5rem}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}pre{background:#222}th,td{border-color:#444}a{color:#93c5fd}}
</style></head>
<body><main>
<p><a href="/">← Back to the store</a></p>
<h1>${e(info.title)} <small>v${e(info.version)}</small></h1>
<p>${e(info.description)}</p>
<h2 id="retries">Retries: the same Idempotency-Key, never twice</h2>
<p>${e(RETRY_RULE)}</p>
<h2>Start in five steps</h2>
<ol>
<li>Sign in, top up your wallet, and open <a href="/profile">Profile → API keys</a>.</li>
<li>Create a key with the scopes you need (read, purchase) and copy it: it is shown once.</li>
<li>List what is on sale: <code>GET ${e(server)}/api/v1/catalogue</code> with <code>Authorization: Bearer &lt;key&gt;</code>.</li>
<li>Buy: <code>POST ${e(server)}/api/v1/orders</code> with <code>{"productGroupId": "…", "quantity": 1}</code> (add <code>"promoCode": "…"</code> to use a promo code) and a fresh <code>Idempotency-Key</code> header; retry with the same key if unsure: one order at most.</li>
<li>Read the accounts: <code>GET ${e(server)}/api/v1/orders/{id}/credentials</code>.</li>
</ol>
<pre>curl -H "Authorization: Bearer $KEY" -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" -d '{"productGroupId":"…","quantity":1}' \\
  ${e(server)}/api/v1/orders</pre>
<p>The machine-readable description: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1): generate a client from it.
Each key may make a limited number of requests a minute; revoke a key in your Profile at any time.
A password change or reset, turning two-factor sign-in on or off, or signing out everywhere else ends every key too.</p>
<h2>Operations</h2>
${ops}
<h2 id="webhooks">Webhooks</h2>
<p>Register an address in <a href="/profile">Profile → Webhooks</a> and pick its events; copy the
signing secret shown once. Each event is a <code>POST</code> of JSON with the header <code>${e(WEBHOOK_SIGNATURE_HEADER)}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>,
where <code>v1</code> is the HMAC-SHA256 of <code>&lt;t&gt;.&lt;raw body&gt;</code> keyed with the secret. Answer 2xx within
10 seconds; anything else is retried with backoff (30 s, doubling, up to 6 hours apart, 12 attempts), and every
attempt shows in the Profile's delivery log, with a Resend button. Retries and Resend carry the same event
<code>id</code>: handle each id once.</p>
<p>${e(WEBHOOK_ADDRESS_RULE.production)} ${e(WEBHOOK_ADDRESS_RULE.development)}</p>
<p>Verify a delivery (Node):</p>
<pre id="verify-webhook">${e(VERIFY_WEBHOOK_SNIPPET)}</pre>
${webhooks}
<h2>Models</h2>
${models}
</main></body></html>`;
}
