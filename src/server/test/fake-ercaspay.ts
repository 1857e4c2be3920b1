// For tests: a local HTTP server that answers like ErcasPay (shapes from fixtures/ercaspay), records every
// request, and can be told to fail or stall, so the real client is tested over real HTTP.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const fixtureDir = new URL('./fixtures/ercaspay/', import.meta.url);
export function loadErcasPayFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fs.readFileSync(new URL(name, fixtureDir), 'utf8')) as T;
}

export type FakeTransaction = {
  ercsReference: string;
  paymentReference: string;
  amountNaira: number;
  status: string;
  customerName: string;
  customerEmail: string;
  description: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  paidAt: Date | null;
  /** ErcasPay's own tx_reference (as documented, `CSHM|WLTP|…`); our reference or null (absent) for the variants. */
  txReference: string | null;
  /** null leaves the field out. */
  currency: string | null;
  domain: string;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type FakeErcasPay = Awaited<ReturnType<typeof startFakeErcasPay>>;

export async function startFakeErcasPay(
  options: { secretKey?: string; metadataAsString?: boolean } = {},
) {
  const secretKey = options.secretKey ?? 'ECRS-TEST-SK-fake0123456789';
  const metadataAsString = options.metadataAsString ?? true; // as documented
  const transactions = new Map<string, FakeTransaction>();
  const requests: RecordedRequest[] = [];
  const failures: { status: number; body: unknown }[] = [];
  const delays: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: parseJson(raw),
      });
      const failWith = failures.shift();
      if (failWith !== undefined) return send(res, failWith.status, failWith.body);
      const delay = delays.shift() ?? 0;
      const answer = () =>
        handle(req.method ?? 'GET', path, req.headers.authorization, parseJson(raw), res);
      if (delay === 0) return answer();
      const timer = setTimeout(() => (timers.delete(timer), answer()), delay);
      timers.add(timer);
    });
  });

  function handle(
    method: string,
    path: string,
    auth: string | undefined,
    body: unknown,
    res: http.ServerResponse,
  ) {
    if (auth !== `Bearer ${secretKey}`)
      return send(res, 401, loadErcasPayFixture('error-unauthorized.json'));
    if (method === 'POST' && path === '/api/v1/payment/initiate') return initiate(body, res);
    const verify = /^\/api\/v1\/payment\/transaction\/verify\/([^/?]+)$/.exec(path);
    if (method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      if (!tx)
        return send(res, 404, {
          requestSuccessful: false,
          responseCode: 'failed',
          responseMessage: 'Transaction not found',
        });
      return send(res, 200, verifyAnswer(tx));
    }
    return send(res, 404, {
      requestSuccessful: false,
      responseCode: 'failed',
      responseMessage: 'Route not found',
    });
  }

  function initiate(body: unknown, res: http.ServerResponse) {
    const b = (body ?? {}) as Record<string, unknown>;
    const invalid =
      typeof b.amount !== 'number' ||
      b.amount <= 0 ||
      typeof b.paymentReference !== 'string' ||
      typeof b.customerEmail !== 'string' ||
      typeof b.customerName !== 'string' ||
      typeof b.redirectUrl !== 'string' ||
      b.currency !== 'NGN';
    if (invalid)
      return send(res, 400, {
        requestSuccessful: false,
        responseCode: 'failed',
        responseMessage: 'Invalid payment request',
      });
    if ([...transactions.values()].some((t) => t.paymentReference === b.paymentReference)) {
      return send(res, 200, {
        requestSuccessful: false,
        responseCode: 'failed',
        responseMessage: 'Duplicate payment reference',
      });
    }
    const tx = addTransaction({
      paymentReference: b.paymentReference as string,
      amountNaira: b.amount as number,
      customerName: b.customerName as string,
      customerEmail: b.customerEmail as string,
      description: typeof b.description === 'string' ? b.description : null,
      metadata: (b.metadata ?? {}) as Record<string, unknown>,
    });
    const answer = loadErcasPayFixture<{ responseBody: Record<string, string> }>(
      'initiate-success.json',
    );
    answer.responseBody = {
      paymentReference: tx.paymentReference,
      transactionReference: tx.ercsReference,
      checkoutUrl: `https://sandbox-checkout.ercaspay.com/${tx.ercsReference}`,
    };
    return send(res, 200, answer);
  }

  function verifyAnswer(tx: FakeTransaction) {
    const answer = loadErcasPayFixture<{ responseBody: Record<string, unknown> }>(
      'verify-successful.json',
    );
    const customer = answer.responseBody.customer as Record<string, unknown>;
    const body: Record<string, unknown> = {
      ...answer.responseBody,
      domain: tx.domain,
      status: tx.status,
      ercs_reference: tx.ercsReference,
      tx_reference: tx.txReference,
      amount: tx.amountNaira,
      description: tx.description,
      paid_at: tx.paidAt ? microsIso(tx.paidAt) : null,
      created_at: microsIso(tx.createdAt),
      currency: tx.currency,
      metadata: metadataAsString ? JSON.stringify(tx.metadata) : tx.metadata,
      customer: { ...customer, name: tx.customerName, email: tx.customerEmail },
    };
    if (tx.txReference === null) delete body['tx_reference'];
    if (tx.currency === null) delete body['currency'];
    answer.responseBody = body;
    return answer;
  }

  /** A transaction as if a checkout had been opened (PENDING unless told otherwise); returns it. */
  function addTransaction(
    t: Partial<FakeTransaction> & { paymentReference: string; amountNaira: number },
  ): FakeTransaction {
    counter += 1;
    const now = new Date();
    const tx: FakeTransaction = {
      ercsReference: `ERCS|${stamp(now)}|${now.getTime() + counter}`,
      status: 'PENDING',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      description: null,
      metadata: {},
      createdAt: now,
      paidAt: null,
      txReference: `CSHM|WLTP|${String(counter).padStart(8, '0')}`,
      currency: 'NGN',
      domain: 'test',
      ...t,
    };
    transactions.set(tx.ercsReference, tx);
    return tx;
  }

  const get = (ref: string) => {
    const tx = transactions.get(ref);
    if (!tx) throw new Error(`fake ErcasPay: no transaction ${ref}`);
    return tx;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    secretKey,
    transactions,
    requests,
    addTransaction,
    /** e.g. 'SUCCESSFUL' (sets paid_at), 'FAILED', or any string ErcasPay might invent. */
    setStatus(ref: string, status: string) {
      const tx = get(ref);
      tx.status = status;
      tx.paidAt = status === 'SUCCESSFUL' ? (tx.paidAt ?? new Date()) : null;
    },
    setAmount(ref: string, amountNaira: number) {
      get(ref).amountNaira = amountNaira;
    },
    /** Changes any answered field of a transaction: tx_reference, currency, domain, … */
    update(ref: string, changes: Partial<FakeTransaction>) {
      Object.assign(get(ref), changes);
    },
    /** The next n requests answer with this HTTP status (before authentication, like a proxy in front). */
    failNext(n: number, httpStatus = 500, body: unknown = { message: 'Server Error' }) {
      for (let i = 0; i < n; i++) failures.push({ status: httpStatus, body });
    },
    /** The next n requests are answered only after ms milliseconds. */
    delayNext(n: number, ms: number) {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** ErcasPay's timestamps carry microseconds: 2023-11-12T14:24:58.000000Z. */
const microsIso = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);
