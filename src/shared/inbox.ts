// Inbox contracts (support, contact and quote forms): schemas, option lists and SPEC.md's messages.
import { z } from 'zod';
import { okMessageSchema, timestampSchema } from './answer-parts.ts';

export const inboxSuccessMessages = {
  support:
    "Thank you for contacting us! We've received your message and will respond within 24 hours.",
  contact: "Thank you for your message! We'll get back to you within 24 hours.",
  quote:
    "Your project request has been submitted! We'll contact you within 24 hours to discuss your requirements.",
} as const;

export const inboxErrors = {
  nameRequired: 'Please enter your name',
  fullNameRequired: 'Please enter your full name',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter your message',
  categoryRequired: 'Please choose a category',
  typeRequired: 'Please choose an inquiry type',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number',
  descriptionRequired: 'Please describe your project',
  projectTypeRequired: 'Please choose a package',
  tooLong: 'This field is too long',
  rateLimited: 'Too many messages. Please wait a few minutes and try again.',
} as const;

/** At most this many stored messages per client IP within the window, across the three forms. */
export const INBOX_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;

export const supportCategories = [
  { value: 'account-issue', label: 'Account Issue' },
  { value: 'payment', label: 'Payment Problem' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'refund', label: 'Refund Request' },
  { value: 'general', label: 'General Inquiry' },
  { value: 'other', label: 'Other' },
] as const;

export const contactTypes = [
  { value: 'general', label: 'General Question' },
  { value: 'support', label: 'Technical Support' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'account', label: 'Account Issues' },
  { value: 'business', label: 'Business Inquiries' },
  { value: 'partnership', label: 'Partnership' },
] as const;

export const quoteBudgets = [
  { value: 'under-100k', label: 'Under ₦100,000' },
  { value: '100k-300k', label: '₦100,000 – ₦300,000' },
  { value: '300k-500k', label: '₦300,000 – ₦500,000' },
  { value: '500k-1m', label: '₦500,000 – ₦1,000,000' },
  { value: 'above-1m', label: 'Above ₦1,000,000' },
] as const;

export const quoteTimelines = [
  { value: 'asap', label: 'As soon as possible' },
  { value: '1-2weeks', label: '1–2 weeks' },
  { value: '3-4weeks', label: '3–4 weeks' },
  { value: '1-2months', label: '1–2 months' },
  { value: 'flexible', label: 'Flexible' },
] as const;

/** The web packages a quote can be for (the marketing details live with the page). */
export const projectTypes = [
  { value: 'starter-website', label: 'Starter Website' },
  { value: 'business-builder', label: 'Business Builder' },
  { value: 'online-store', label: 'Online Store' },
] as const;

type Option = { readonly value: string; readonly label: string };
type Values<T extends readonly Option[]> = T[number]['value'];

export function optionLabel(options: readonly Option[], value: string | undefined): string {
  return options.find((o) => o.value === value)?.label ?? value ?? '';
}

function values<T extends readonly Option[]>(options: T): [Values<T>, ...Values<T>[]] {
  return options.map((o) => o.value) as [Values<T>, ...Values<T>[]];
}

const required = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, inboxErrors.tooLong);
const optional = (max: number) => z.string().trim().max(max, inboxErrors.tooLong).optional();
const choice = <T extends readonly Option[]>(options: T, message: string) =>
  z.enum(values(options), message);
const email = z
  .string(inboxErrors.emailInvalid)
  .trim()
  .toLowerCase()
  .pipe(z.email(inboxErrors.emailInvalid).max(254, inboxErrors.tooLong));
/** Hidden from people; a bot that fills it is answered as if it succeeded and nothing is stored. */
const honeypot = z.string().max(0, 'Leave this field empty').optional();

export const supportSchema = z.object({
  fullName: required(inboxErrors.fullNameRequired, 100),
  email,
  category: choice(supportCategories, inboxErrors.categoryRequired),
  subject: required(inboxErrors.subjectRequired, 200),
  message: required(inboxErrors.messageRequired, 5000),
  website: honeypot,
});

export const contactSchema = z.object({
  type: choice(contactTypes, inboxErrors.typeRequired),
  name: required(inboxErrors.nameRequired, 100),
  email,
  subject: required(inboxErrors.subjectRequired, 200),
  message: required(inboxErrors.messageRequired, 5000),
  website: honeypot,
});

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const quoteSchema = z.object({
  projectType: choice(projectTypes, inboxErrors.projectTypeRequired),
  name: required(inboxErrors.nameRequired, 100),
  email,
  phone: required(inboxErrors.phoneRequired, 30).regex(
    /^\+?[0-9 ()-]{7,}$/,
    inboxErrors.phoneInvalid,
  ),
  company: optional(120),
  budget: z.preprocess(
    emptyToUndefined,
    choice(quoteBudgets, 'Please choose a budget range').optional(),
  ),
  timeline: z.preprocess(
    emptyToUndefined,
    choice(quoteTimelines, 'Please choose a timeline').optional(),
  ),
  description: required(inboxErrors.descriptionRequired, 5000),
  features: optional(2000),
  website: honeypot,
});

export type SupportInput = z.input<typeof supportSchema>;
export type ContactInput = z.input<typeof contactSchema>;
export type QuoteInput = z.input<typeof quoteSchema>;

export const INBOX_KINDS = ['support', 'contact', 'quote'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** POST /api/inbox/support, contact, quote */
export const inboxSuccessSchema = okMessageSchema;
export type InboxSuccess = z.infer<typeof inboxSuccessSchema>;

export const inboxStatuses = ['new', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const inboxStatusSchema = z.object({
  status: z.enum(inboxStatuses, 'Status must be new or handled'),
});

/** One message as the admin Inbox sees it. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  body: z.string(),
  fields: z.record(z.string(), z.string()),
  status: z.enum(inboxStatuses),
  createdAt: timestampSchema,
  /** The admin's latest reply, e-mailed to the sender. */
  reply: z.object({ text: z.string(), by: z.string(), at: timestampSchema }).nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const INBOX_REPLY_MAX = 5000;
export const inboxReplySchema = z.object({
  message: z
    .string({ error: 'Please write a reply.' })
    .trim()
    .min(1, 'Please write a reply.')
    .max(INBOX_REPLY_MAX, `At most ${INBOX_REPLY_MAX} characters.`),
});
/** POST /api/admin/inbox/:id/reply */
export const inboxReplyResultSchema = z.object({ message: z.string(), item: inboxMessageSchema });
export type InboxReplyResult = z.infer<typeof inboxReplyResultSchema>;
export const inboxReplySent = (email: string) =>
  `Reply sent to ${email}; the message is marked handled.`;

/** GET /api/admin/inbox?status= */
export const inboxListSchema = z.object({
  messages: z.array(inboxMessageSchema),
  newCount: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;
