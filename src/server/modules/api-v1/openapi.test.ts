// /api/v1/openapi.json: generated from the routes' own answer schemas, passing a third-party OpenAPI linter
// (Redocly's), and /developers renders it without a script. The committed generated client is what
// openapi-typescript makes from the document now (regenerate: REGENERATE_API_CLIENT=1 on this file).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { z } from 'zod';
import {
  WEBHOOK_ADDRESS_RULE,
  WEBHOOK_EVENTS,
  webhookPayloadSchemas,
} from '../../../shared/webhooks.ts';
import { signWebhook } from '../webhooks/sign-webhook.ts';
import { v1Operations, type V1Operation } from './api-v1-operations.ts';
import { VERIFY_WEBHOOK_SNIPPET } from './developers-page.ts';
import { RETRY_RULE } from './openapi-document.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { fullTitle } from '../../../shared/paths.ts';

// A public address as in production: Redocly rightly warns about a server URL on localhost.
const { app } = await createTestApp({ env: { PUBLIC_URL: 'https://shop.acctstore.ng' } });
const CLIENT_FILE = new URL('../../../../fixtures/api-v1-client/api-v1.d.ts', import.meta.url);

const served = await app.inject({ url: '/api/v1/openapi.json' });
const doc = served.json();

describe('the OpenAPI document', () => {
  it('is served publicly as OpenAPI 3.1 and describes every /api/v1 route with the schema that route validates', () => {
    expect(served.statusCode).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    const keyRoutes = app.apiRoutes.filter((r) => r.access === 'api-key');
    const described = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(described.sort()).toEqual(keyRoutes.map((r) => `${r.method} ${r.url}`).sort());
    // The very zod objects the routes check their answers with are the ones the document was made from.
    for (const op of Object.values(v1Operations) as V1Operation[]) {
      const declared = app.apiResponseSchemas.get(
        `${op.method} ${op.url.replace(/\{(\w+)\}/g, ':$1')}`,
      )!;
      for (const [status, { schema }] of Object.entries(op.responses))
        expect(declared[status], `${op.operationId} ${status}`).toBe(schema);
      expect(doc.paths[op.url][op.method.toLowerCase()]['x-scope']).toBe(op.scope);
    }
  });

  it('describes every webhook event (3.1 `webhooks`) with the schema its payload is checked against', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const [event, schema] of Object.entries(webhookPayloadSchemas)) {
      const id = z.globalRegistry.get(schema)!.id!;
      expect(doc.webhooks[event].post.requestBody.content['application/json'].schema).toEqual({
        $ref: `#/components/schemas/${id}`,
      });
      expect(doc.components.schemas[id].properties.type).toMatchObject({ const: event });
    }
  });

  it("passes Redocly's recommended OpenAPI rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: served.body,
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('the committed generated client is what openapi-typescript makes from the document now', async () => {
    const generated = astToString(await openapiTS(doc));
    if (process.env.REGENERATE_API_CLIENT) fs.writeFileSync(CLIENT_FILE, generated);
    expect(fs.readFileSync(CLIENT_FILE, 'utf8')).toBe(generated);
  });
});

describe('/developers', () => {
  it('renders every operation and model from the document, with no script (the strict CSP holds)', async () => {
    const res = await app.inject({ url: '/developers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    for (const op of Object.values(v1Operations) as V1Operation[])
      expect(res.body).toContain(`${op.method} ${op.url}`);
    for (const name of Object.keys(doc.components.schemas))
      expect(res.body).toContain(`id="schema-${name}"`);
  });
});

describe('/developers, as a page of the store', () => {
  it('is titled like every page, previews with the image, names its canonical URL, and says the retry and address rules', async () => {
    const page = (await app.inject({ url: '/developers' })).body;
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1]).toBe(fullTitle('Reseller API', 'AcctStore'));
    expect(page).toContain('<link rel="canonical" href="https://shop.acctstore.ng/developers">');
    expect(page).toContain(
      '<meta property="og:image" content="https://shop.acctstore.ng/og-image.png">',
    );
    expect(page).toContain(escapeHtml(RETRY_RULE));
    expect(page).toContain(escapeHtml(WEBHOOK_ADDRESS_RULE.development));
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>https://shop.acctstore.ng/developers</loc>');
  });
});

describe('/developers, webhooks', () => {
  it('shows a Node snippet that accepts a signed delivery and refuses a changed body, another secret and a replay', async () => {
    const page = (await app.inject({ url: '/developers' })).body;
    const shown = /<pre id="verify-webhook">([\s\S]*?)<\/pre>/
      .exec(page)![1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(shown).toBe(VERIFY_WEBHOOK_SNIPPET);
    // The page's own text, run as a receiver would run it (its import line given as an argument).
    const verify = new Function(
      'crypto',
      `${shown.replace(/^import .*$/m, '')}\nreturn verifyWebhook;`,
    )(crypto) as (secret: string, body: string, header: string) => boolean;
    const body = JSON.stringify({ id: crypto.randomUUID(), type: 'order.completed' });
    const now = Math.floor(Date.now() / 1000);
    expect(verify('whsec_a', body, signWebhook('whsec_a', body, now))).toBe(true);
    expect(verify('whsec_a', `${body} `, signWebhook('whsec_a', body, now))).toBe(false);
    expect(verify('whsec_b', body, signWebhook('whsec_a', body, now))).toBe(false);
    expect(verify('whsec_a', body, signWebhook('whsec_a', body, now - 301))).toBe(false);
    for (const event of WEBHOOK_EVENTS) expect(page).toContain(`id="webhook-${event}"`);
  });
});
