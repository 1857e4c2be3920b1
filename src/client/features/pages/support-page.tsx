// The Support page: three channels, the support form, six FAQs, the response-time note and urgent help.
import { AlertTriangle, ChevronDown, Clock, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo, whatsappUrl } from '../../lib/use-site-info.ts';
import { ChannelCards } from './contact-channels.tsx';
import { SupportForm } from './support-form.tsx';
import { SUPPORT_RESPONSE_NOTE } from './support-hours.ts';

const faqs = [
  {
    q: 'How quickly do I receive my account after buying?',
    a: 'Instantly. The login details appear on screen as soon as the purchase completes, and you can download them or have them e-mailed from Order History. If anything delays a delivery, it is completed within 24 hours.',
  },
  {
    q: 'How do I top up my wallet?',
    a: 'Open Wallet, choose an amount between ₦100 and ₦1,000,000 and pay by card, bank transfer, USSD or QR code. Your balance updates as soon as the payment is confirmed.',
  },
  {
    q: 'I paid but my wallet was not credited. What should I do?',
    a: 'Payments are usually confirmed within a few minutes. If your balance has not changed after 15 minutes, send us your payment reference through the form below or on WhatsApp and we will check it with the payment provider.',
  },
  {
    q: 'Can I get a refund?',
    a: 'Yes. If an order is not delivered within 48 hours, you get your money back. Approved refunds are processed within 5-7 business days. See our Terms of Service for details.',
  },
  {
    q: 'The account I bought does not work. What now?',
    a: 'Send us your order ID through the form below or on WhatsApp, and tell us what you see when you sign in. We check the account and help you sort it out.',
  },
  {
    q: 'How do I keep a purchased account safe?',
    a: 'Change the password and recovery e-mail right after you sign in, turn on two-factor authentication, and avoid mass actions in the first days of use.',
  },
];

export default function SupportPage() {
  useDocumentTitle(
    'Customer Support',
    'Get help with orders, wallet top-ups and accounts: Telegram, e-mail, WhatsApp and a support form.',
  );
  const { data: site } = useSiteInfo();
  return (
    // Its first action is typing, which the HTML answers by itself: the page's code (its form's checks) waits for
    // the visitor's first sign of use rather than running at idle (app/hydrate-on-intent.ts, ADR 028).
    <div className="mx-auto max-w-7xl px-4 py-12" data-hydrate-on-intent="">
      <header className="text-center">
        <LifeBuoy className="mx-auto h-12 w-12 text-primary" aria-hidden />
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight">How can we help?</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Questions about an order, a top-up or an account? Reach us on any channel below or send us
          a message.
        </p>
      </header>

      <section aria-labelledby="channels-title" className="mt-12">
        <h2 id="channels-title" className="sr-only">
          Contact channels
        </h2>
        <ChannelCards keys={['telegram', 'email', 'whatsapp']} />
      </section>

      <div className="mt-12 grid gap-8 lg:grid-cols-5">
        <section aria-labelledby="form-title" className="lg:col-span-3">
          <Card>
            <h2 id="form-title" className="text-2xl font-bold">
              Send us a message
            </h2>
            <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="h-4 w-4 shrink-0" aria-hidden /> {SUPPORT_RESPONSE_NOTE}
            </p>
            <div className="mt-6">
              <SupportForm />
            </div>
          </Card>
        </section>

        <aside aria-labelledby="urgent-title" className="space-y-6 lg:col-span-2">
          <div
            role="note"
            className="rounded-xl border border-amber-500/50 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
          >
            <h2 id="urgent-title" className="flex items-center gap-2 text-lg font-bold">
              <AlertTriangle className="h-5 w-5 text-amber-700 dark:text-amber-300" aria-hidden />{' '}
              Urgent issue?
            </h2>
            <p className="mt-2 text-sm">
              For a payment that was not credited or an account that stopped working, message us on
              WhatsApp with your order ID or payment reference. Urgent issues are handled first,
              24/7.
            </p>
            {site ? (
              <a
                href={whatsappUrl(site.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-block text-sm font-semibold underline underline-offset-4"
              >
                WhatsApp {site.whatsapp} (messages only)
              </a>
            ) : null}
          </div>
          <Card>
            <h2 className="text-lg font-bold">More help</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link
                  to={paths.contact}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Contact us: business hours and response times
                </Link>
              </li>
              <li>
                <Link to={paths.terms} className="text-primary underline-offset-4 hover:underline">
                  Terms of Service: delivery and refunds
                </Link>
              </li>
              <li>
                <Link
                  to={paths.privacy}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </Card>
        </aside>
      </div>

      <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-center text-3xl font-bold">
          Frequently Asked Questions
        </h2>
        <div className="mt-8 space-y-3">
          {faqs.map(({ q, a }) => (
            <details
              key={q}
              className="group rounded-xl border border-border bg-card p-4 [&_summary::-webkit-details-marker]:hidden"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
                <h3>{q}</h3>
                <ChevronDown
                  className="h-5 w-5 shrink-0 transition group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="mt-3 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
