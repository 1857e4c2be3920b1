// The sender an e-mail shows: the store's name (a setting, changed in the console) before MAIL_FROM's address.
/** 'Old Name <no-reply@x>' or 'no-reply@x' with the name 'Ada Shop' → '"Ada Shop" <no-reply@x>'. */
export function senderWithName(mailFrom: string, storeName: string): string {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  // The name cannot hold a quote or a line break (shared/store-settings.ts); a backslash is escaped.
  return `"${storeName.replace(/\\/g, '\\\\')}" <${address}>`;
}
