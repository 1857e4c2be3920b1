// The Contact page: '24/7 Support Available' header, the contact form, and side cards (channels, hours, times, office, FAQ).
import { Clock, Headphones, HelpCircle, MapPin, MessageSquare, Ticket, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSiteInfo } from '../../lib/use-site-info.ts';
import { ChannelCards } from './contact-channels.tsx';
import { ContactForm } from './contact-form.tsx';
import { businessHours, HOURS_TIMEZONE, responseTimes } from './support-hours.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export default function ContactPage() {
  useDocumentTitle(
    'Contact Us',
    (store) =>
      `Contact ${store}: e-mail, Telegram, WhatsApp or the contact form. Support hours, response times and office location.`,
  );
  const { data: site } = useSiteInfo();
  return (
    // Its first action is typing, which the HTML answers by itself: the page's code (its form's checks) waits for
    // the visitor's first sign of use rather than running at idle (app/hydrate-on-intent.ts, ADR 028).
    <div className="mx-auto max-w-7xl px-4 py-12" data-hydrate-on-intent="">
      <header className="text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <span className="h-2 w-2 rounded-full bg-emerald-600 dark:bg-emerald-400" aria-hidden />{' '}
          24/7 Support Available
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight">Get in touch</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Questions about an order, your wallet, a partnership or anything else? Send us a message
          and we'll get back to you within 24 hours.
        </p>
      </header>

      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <Card>
            <h2 id="contact-form-title" className="flex items-center gap-2 text-2xl font-bold">
              <MessageSquare className="h-6 w-6 text-primary" aria-hidden /> Send us a message
            </h2>
            <div className="mt-6">
              <ContactForm />
            </div>
          </Card>
        </section>

        <aside aria-label="Contact details" className="space-y-6">
          <SideCard
            title="Contact channels"
            icon={<Headphones className="h-5 w-5 text-primary" aria-hidden />}
          >
            <ChannelCards keys={['email', 'telegram', 'whatsapp']} compact />
            <Link
              to={paths.support}
              className="mt-3 flex items-center gap-3 rounded-xl border border-border p-4 hover:bg-muted"
            >
              <Ticket className="h-5 w-5 shrink-0 text-primary" aria-hidden />
              <span>
                <span className="block font-semibold">Support Tickets</span>
                <span className="block text-sm text-muted-foreground">Open a support request</span>
              </span>
            </Link>
          </SideCard>

          <SideCard
            title="Business hours"
            icon={<Clock className="h-5 w-5 text-primary" aria-hidden />}
          >
            <dl className="space-y-2 text-sm">
              {businessHours.map((b) => (
                <div key={b.days} className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">{b.days}</dt>
                  <dd className="text-right font-medium">{b.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">
              All times {HOURS_TIMEZONE}. Emergency support is available 24/7.
            </p>
          </SideCard>

          <SideCard
            title="Response times"
            icon={<Timer className="h-5 w-5 text-primary" aria-hidden />}
          >
            <dl className="space-y-2 text-sm">
              {responseTimes.map((r) => (
                <div key={r.type} className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">{r.type}</dt>
                  <dd className="font-medium">{r.time}</dd>
                </div>
              ))}
            </dl>
          </SideCard>

          <SideCard
            title="Our office"
            icon={<MapPin className="h-5 w-5 text-primary" aria-hidden />}
          >
            <p className="text-sm">{site?.officeLocation ?? 'Loading…'}</p>
          </SideCard>

          <SideCard
            title="Frequently asked questions"
            icon={<HelpCircle className="h-5 w-5 text-primary" aria-hidden />}
          >
            <p className="text-sm text-muted-foreground">
              Most questions about top-ups, delivery and refunds are answered on our support page.
            </p>
            <Link to={paths.support} className={`mt-2 inline-block text-sm ${linkClass}`}>
              Visit the Support Center
            </Link>
          </SideCard>
        </aside>
      </div>

      <nav aria-label="More information" className="mt-16 border-t border-border pt-8">
        <ul className="flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm">
          <li>
            <Link to={paths.support} className={linkClass}>
              Support Center
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to={paths.about} className={linkClass}>
              About Us
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function SideCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}
