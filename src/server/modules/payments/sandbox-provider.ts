// The built-in sandbox provider: speaks ErcasPay's protocol against its own table and checkout page, so a fresh
// machine can top up with no network and no money. Never used in production (the config demands a real key there).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parseErcasPayWebhook } from './ercaspay-webhook.ts';
import {
  PaymentProviderError,
  assertValidAmountKobo,
  mapProviderStatus,
  type InitiatePaymentInput,
  type InitiatePaymentResult,
  type PaymentProvider,
  type VerifiedPayment,
} from './payment-provider.ts';
import type { ProviderStatus } from '../../../shared/payments.ts';
import { sandboxCheckouts } from './sandbox.tables.ts';

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

export function createSandboxProvider({
  db,
  publicUrl,
}: {
  db: Db;
  publicUrl: string;
}): PaymentProvider {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    name: 'sandbox',

    async initiate(input: InitiatePaymentInput): Promise<InitiatePaymentResult> {
      assertValidAmountKobo(input.amountKobo);
      const transactionReference = `ERCS|SANDBOX|${Date.now()}|${crypto.randomBytes(6).toString('hex')}`;
      const inserted = await db
        .insert(sandboxCheckouts)
        .values({
          transactionReference,
          paymentReference: input.paymentReference,
          amountKobo: input.amountKobo,
          customerEmail: input.customerEmail,
          customerName: input.customerName,
          redirectUrl: input.redirectUrl,
          description: input.description,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.paymentReference })
        .returning({ transactionReference: sandboxCheckouts.transactionReference });
      // Like a real provider, one payment reference opens one checkout only.
      if (inserted.length === 0)
        throw new PaymentProviderError('REJECTED', 'Duplicate payment reference');
      return {
        checkoutUrl: `${base}/sandbox/checkout/${encodeURIComponent(transactionReference)}`,
        transactionReference,
        paymentReference: input.paymentReference,
      };
    },

    async verify(transactionReference: string): Promise<VerifiedPayment> {
      const row = await findSandboxCheckout(db, transactionReference);
      if (!row) throw new PaymentProviderError('REJECTED', 'Transaction not found');
      return {
        status: mapProviderStatus(row.status),
        rawStatus: row.status,
        amountKobo: row.amountKobo,
        currency: row.currency,
        // The sandbox moves no money: its answers are TEST-domain, credited only in test mode (never in production).
        domain: 'test',
        paidAt: row.paidAt,
        transactionReference: row.transactionReference,
        paymentReference: row.paymentReference,
        metadata: row.metadata,
        customerEmail: row.customerEmail,
        raw: {
          status: row.status,
          transactionReference: row.transactionReference,
          paymentReference: row.paymentReference,
          amountKobo: row.amountKobo,
        },
      };
    },

    parseWebhook: parseErcasPayWebhook,
  };
}

export async function findSandboxCheckout(
  db: Db,
  transactionReference: string,
): Promise<SandboxCheckout | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.transactionReference, transactionReference));
  return row;
}

/**
 * Moves a PENDING checkout to its final status; a decided one (SUCCESSFUL, FAILED, CANCELLED) never changes.
 * The conditional update makes two racing decisions safe: exactly one wins. Returns the row as it now stands.
 */
export async function decideSandboxCheckout(
  db: Db,
  transactionReference: string,
  status: Exclude<ProviderStatus, 'PENDING'>,
): Promise<SandboxCheckout | undefined> {
  return moveCheckout(db, transactionReference, 'PENDING', status);
}

/**
 * A bank transfer that ErcasPay first reported FAILED and that completes later (issue 13): the only move out of a
 * decided status the sandbox allows, so the store's late-success path can be tried by hand and in e2e.
 */
export async function completeSandboxCheckoutLate(
  db: Db,
  transactionReference: string,
): Promise<SandboxCheckout | undefined> {
  return moveCheckout(db, transactionReference, 'FAILED', 'SUCCESSFUL');
}

/** `from` → `to` only if the checkout is still in `from` (one conditional update); the row as it now stands. */
async function moveCheckout(
  db: Db,
  transactionReference: string,
  from: ProviderStatus,
  to: Exclude<ProviderStatus, 'PENDING'>,
): Promise<SandboxCheckout | undefined> {
  const [updated] = await db
    .update(sandboxCheckouts)
    .set({ status: to, paidAt: to === 'SUCCESSFUL' ? new Date() : null })
    .where(
      and(
        eq(sandboxCheckouts.transactionReference, transactionReference),
        eq(sandboxCheckouts.status, from),
      ),
    )
    .returning();
  return updated ?? findSandboxCheckout(db, transactionReference);
}
