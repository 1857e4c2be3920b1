// An order's credentials, decrypted from its sold accounts, for its owner only (screen, file, e-mail).
import { and, eq } from 'drizzle-orm';
import {
  orderMessages,
  type AccountCredentials,
  type OrderCredentials,
} from '../../../shared/orders.ts';
import { publicDetails } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { openCredentials, type CredentialCipher } from '../stock/credential-cipher.ts';
import { readSoldAccounts } from '../stock/read-sold-accounts.ts';
import { orders } from './orders.tables.ts';

/** 404 for anyone but the owner (another customer learns nothing); 409 for orders that are not completed. */
export async function loadOwnOrder(db: Db | Tx, userId: string, orderId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(orderMessages.orderNotFound);
  return order;
}

export async function readOrderCredentials(
  db: Db | Tx,
  cipher: CredentialCipher,
  userId: string,
  orderId: string,
): Promise<OrderCredentials> {
  const order = await loadOwnOrder(db, userId, orderId);
  if (order.status !== 'completed')
    throw new AppError('ORDER_NOT_COMPLETED', 409, orderMessages.onlyCompleted);
  const rows = await readSoldAccounts(db, orderId);
  if (!rows.length) throw notFound(orderMessages.noCredentials);
  return {
    orderId,
    productName: order.accountDetails.product_name,
    category: order.accountDetails.category,
    accounts: rows.map((a, i) => toOrderAccount(cipher, a, i + 1)),
  };
}

/** A sold account as its buyer receives it: credentials opened, public details only. */
export function toOrderAccount(
  cipher: CredentialCipher,
  a: Awaited<ReturnType<typeof readSoldAccounts>>[number],
  accountNumber: number,
): AccountCredentials {
  const { password, emailPassword, twoFaCode } = openCredentials(cipher, a);
  return {
    accountNumber,
    username: a.username,
    password,
    email: a.email,
    emailPassword,
    twoFaCode,
    additionalInfo: publicDetails(a.additionalInfo),
  };
}

/** The plain-text rendering shared by the e-mail and the .txt download. */
export function credentialsText(c: OrderCredentials): string {
  const lines = [`Order ${c.orderId}`, `${c.productName} (${c.category})`, ''];
  for (const a of c.accounts) {
    lines.push(
      `Account ${a.accountNumber}`,
      `  Username: ${a.username}`,
      `  Password: ${a.password}`,
    );
    if (a.email) lines.push(`  Email: ${a.email}`);
    if (a.emailPassword) lines.push(`  Email password: ${a.emailPassword}`);
    if (a.twoFaCode) lines.push(`  2FA code: ${a.twoFaCode}`);
    for (const [k, v] of Object.entries(a.additionalInfo)) lines.push(`  ${k}: ${v}`);
    lines.push('');
  }
  return lines.join('\n');
}
