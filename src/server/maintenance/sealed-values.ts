// Every value the store seals with the credentials key, by table and column: what key rotation re-encrypts.
// A new encrypted column must be listed here; rotate-key.test.ts fails while a bytea column is missing.
import { SEALED_BODY_PREFIX } from '../modules/mail/outbox.ts';

export type SealedColumn = {
  table: string;
  column: string;
  /** bytea: the cipher's raw output; prefixed-text: SEALED_BODY_PREFIX + base64 (unsealed text is left alone). */
  kind: 'bytea' | 'prefixed-text';
};

/** Rows are addressed by their `id` primary key. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'individual_accounts', column: 'password_enc', kind: 'bytea' },
  { table: 'individual_accounts', column: 'email_password_enc', kind: 'bytea' },
  { table: 'individual_accounts', column: 'two_fa_code_enc', kind: 'bytea' },
  { table: 'credentials_key_check', column: 'sealed', kind: 'bytea' },
  { table: 'users', column: 'totp_secret_enc', kind: 'bytea' },
  { table: 'email_outbox', column: 'text_body', kind: 'prefixed-text' },
  { table: 'email_outbox', column: 'html_body', kind: 'prefixed-text' },
  { table: 'webhook_endpoints', column: 'secret_sealed', kind: 'prefixed-text' },
  { table: 'store_settings', column: 'telegram_bot_token_enc', kind: 'bytea' },
  { table: 'suppliers', column: 'api_key_enc', kind: 'bytea' },
  { table: 'suppliers', column: 'webhook_secret_enc', kind: 'bytea' },
];

/** bytea columns that hold nothing secret, so nothing to re-encrypt: the store's logo (a public image). */
export const PLAIN_BYTEA_COLUMNS: readonly string[] = ['store_settings.logo'];

export { SEALED_BODY_PREFIX };
