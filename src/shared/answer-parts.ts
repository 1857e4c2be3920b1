// Small pieces the API's answer schemas share (src/shared/<domain>.ts): money, times and public details.
import { z } from 'zod';

/** An amount of money: integer kobo (ADR 003). */
export const koboSchema = z.number().int();
/** A moment, as ISO 8601 text. */
export const timestampSchema = z.string();
/** An account's public details (followers, age, …): the columns of a CSV row other than the credentials. */
export const detailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
/** Done, nothing to say (sign-out). */
export const okSchema = z.object({ ok: z.literal(true) });
/** Done, with a message for people. */
export const okMessageSchema = okSchema.extend({ message: z.string() });
