// Benchmark: e-mails/s through a local SMTP sink (smtp-server), sent by the store's own outbox workers (two store
// processes by default, as in production) from a backlog queued at once, against nodemailer's pool sending the
// same number from this process with no database (the transport's own limit). Every message must arrive once.
// The backlog is half credentials e-mails at least (each rendered from its order, decrypted and sealed by the
// worker, as in a real sale): those the purchase runs of `npm run bench` left queued, or made here by real
// purchases through the API; plain ones fill it up to BENCH_EMAILS (10000).
// Run alone: node scripts/bench/emails.ts (npm run bench:emails). Writes .tmp/bench/emails.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createSmtpTransport } from '../../src/server/modules/mail/transports.ts';
import { runBench } from './lib/cleanup.ts';
import { cpuMeter, postmasterPid, type CpuSplit } from './lib/observe.ts';
import { benchOutDir, startServer } from './lib/server.ts';
import {
  createCustomers,
  insertGroupWithStock,
  startStoreBench,
  type StoreBench,
} from './lib/store.ts';

export type EmailOptions = { messages: number; processes: number };
export const defaultEmailOptions: EmailOptions = {
  messages: Number(process.env.BENCH_EMAILS ?? 10_000),
  processes: Number(process.env.BENCH_EMAIL_PROCESSES ?? 2),
};

export type EmailResults = {
  messages: number;
  credentialsEmails: number;
  processes: number;
  store: { perSecond: number; seconds: number; delivered: number; duplicates: number };
  /** CPU per e-mail sent by the store, a figure a busy shared host disturbs far less than the rate. */
  cpuMsPerEmail: { servers: number | null; postgres: number | null; sink: number | null };
  transport: { perSecond: number; seconds: number };
};

/** An SMTP server that keeps only what identifies each message (recipient and subject), to find duplicates. */
async function startSink() {
  const seen = new Map<string, number>();
  let delivered = 0;
  let last = 0;
  let first = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString();
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
        const key = `${session.envelope.rcptTo.map((r) => r.address).join(',')} ${subject}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        delivered++;
        last = performance.now();
        first ||= last;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    window: () => ({ first, last }),
    duplicates: () => [...seen.values()].filter((n) => n > 1).length,
    reset: () => {
      seen.clear();
      delivered = first = last = 0;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Real purchases through the store's API until `count` credentials e-mails are queued. */
async function purchaseUpTo(bench: StoreBench, count: number): Promise<void> {
  const queued = await bench.db.execute<{ n: number }>(
    sql`select count(*)::int as n from email_outbox where status = 'pending'`,
  );
  const missing = count - queued.rows[0]!.n;
  if (missing <= 0) return;
  const group = await insertGroupWithStock(bench.db, bench.cipher, {
    accounts: missing,
    priceKobo: 100,
    name: 'E-mail bench',
  });
  const buyers = await createCustomers(bench.db, 50, missing * 100);
  let next = 0;
  const buy = async (buyer: { cookie: string }) => {
    while (next < missing) {
      next++;
      const res = await fetch(`${bench.server.base}/api/orders`, {
        method: 'POST',
        headers: {
          ...bench.origin,
          cookie: buyer.cookie,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ productGroupId: group.id, quantity: 1 }),
      });
      if (res.status !== 201)
        throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(buyers.map(buy));
}

export async function runEmails(bench: StoreBench, options: EmailOptions): Promise<EmailResults> {
  const sink = await startSink();
  try {
    // The transport alone: the same pool (5 connections), the same number of messages, no database.
    const transport = createSmtpTransport(sink.url);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.messages }, (_, i) =>
        transport.send({
          from: 'shop@bench.test',
          to: `buyer${i}@bench.test`,
          subject: `Plain ${i}`,
          text: 'x'.repeat(1000),
        }),
      ),
    );
    const transportSeconds = (performance.now() - started) / 1000;
    transport.close?.();
    sink.reset();

    // The backlog: the newest credentials e-mails the purchase runs queued (or purchases made now), then plain ones.
    const { db } = bench;
    await db.execute(sql`update email_outbox set status = 'sent' where status = 'pending' and id not in
      (select id from email_outbox where status = 'pending' order by created_at desc limit ${options.messages})`);
    await purchaseUpTo(bench, Math.ceil(options.messages / 2));
    const queued = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where status = 'pending'`,
    );
    const credentialsEmails = queued.rows[0]!.n;
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, text_body)
      select 'bench', 'reader' || i || '@bench.test', 'Plain ' || i, repeat('x', 1000)
      from generate_series(1, ${options.messages - credentialsEmails}) i`);

    // The store's workers, one per process, take the backlog from here on.
    const servers = [];
    const meters: (() => CpuSplit)[] = [];
    const pgPid = postmasterPid(bench.pg.dir);
    for (let i = 0; i < options.processes; i++) {
      servers.push(
        await startServer(`mail-${i}`, {
          mode: 'store',
          databaseUrl: bench.pg.url,
          credentialsKey: bench.credentialsKey,
          dataDir: path.join(bench.pg.dir, `mail-${i}`),
          logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
          poolSize: Number(process.env.BENCH_DB_POOL_SIZE ?? 20),
          smtpUrl: sink.url,
          startJobs: true,
        }),
      );
      meters.push(cpuMeter(servers.at(-1)!.pid, i === 0 ? pgPid : null));
    }
    const deadline = Date.now() + 10 * 60_000;
    while (sink.delivered() < options.messages && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const cpu = meters.map((stop) => stop());
    // A moment longer: any message sent twice would arrive now.
    await new Promise((r) => setTimeout(r, 2000));
    for (const s of servers) await s.stop();
    const { first, last } = sink.window();
    const seconds = (last - first) / 1000;
    const perEmail = (coreSeconds: number | null) =>
      coreSeconds === null ? null : Math.round((coreSeconds * 1000 * 100) / sink.delivered()) / 100;
    const sum = (values: (number | null)[]) =>
      values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + v!, 0);
    return {
      messages: options.messages,
      credentialsEmails,
      processes: options.processes,
      store: {
        perSecond: Math.round(sink.delivered() / seconds),
        seconds: Math.round(seconds * 10) / 10,
        delivered: sink.delivered(),
        duplicates: sink.duplicates(),
      },
      cpuMsPerEmail: {
        servers: perEmail(
          sum(cpu.map((c) => (c.serverCores === null ? null : c.serverCores * c.seconds))),
        ),
        postgres: perEmail(
          cpu[0]!.postgresCores === null ? null : cpu[0]!.postgresCores * cpu[0]!.seconds,
        ),
        sink: perEmail(cpu[0]!.loadGeneratorCores * cpu[0]!.seconds),
      },
      transport: {
        perSecond: Math.round(options.messages / transportSeconds),
        seconds: Math.round(transportSeconds * 10) / 10,
      },
    };
  } finally {
    await sink.close();
  }
}

if (import.meta.main) {
  await runBench(async () => {
    const bench = await startStoreBench();
    const results = await runEmails(bench, defaultEmailOptions);
    console.log(
      `e-mails/s through a local SMTP sink, ${results.processes} store processes: ${results.store.perSecond} ` +
        `(${results.store.delivered} of ${results.messages} delivered in ${results.store.seconds}s, ` +
        `${results.store.duplicates} twice); nodemailer's pool alone: ${results.transport.perSecond}/s`,
    );
    const c = results.cpuMsPerEmail;
    console.log(
      `CPU ms per e-mail: store servers ${c.servers ?? '?'}, PostgreSQL ${c.postgres ?? '?'}, sink ${c.sink}`,
    );
    const outFile = path.join(benchOutDir, 'emails.json');
    fs.mkdirSync(benchOutDir, { recursive: true });
    fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`written to ${path.relative(process.cwd(), outFile)}`);
  });
}
