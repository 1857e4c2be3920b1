// Account deletion: the messages a person sent through the contact form go with their address.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { inboxMessages } from './inbox.tables.ts';

export async function forgetMessagesFrom(tx: Tx, email: string): Promise<void> {
  await tx.delete(inboxMessages).where(eq(inboxMessages.email, email));
}
