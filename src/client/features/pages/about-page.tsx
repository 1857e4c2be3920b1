// The About page: our story, how every account is verified, the team, and why customers trust us.
import {
  BadgeCheck,
  Clock,
  Headphones,
  KeyRound,
  Lock,
  RotateCcw,
  ScanSearch,
  ShieldCheck,
  UserCheck,
  Wallet,
} from 'lucide-react';
import { paths } from '../../../shared/paths.ts';
import { useStoreName } from '../../lib/store-identity.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Clause, StaticPage } from './static-page.tsx';

const verification = [
  {
    icon: ScanSearch,
    title: 'Source check',
    text: 'We buy only from sellers we know and check where each account comes from.',
  },
  {
    icon: KeyRound,
    title: 'Login test',
    text: 'We sign in to every account to confirm that the password and recovery e-mail work.',
  },
  {
    icon: UserCheck,
    title: 'Profile review',
    text: 'We compare age, followers and activity with the listing, so you get what it says.',
  },
  {
    icon: Lock,
    title: 'Encrypted storage',
    text: 'Credentials are encrypted the moment they enter our stock and shown only to their buyer.',
  },
];

const team = [
  { role: 'Operations', text: 'Sources and verifies stock every day and keeps listings accurate.' },
  {
    role: 'Customer support',
    text: 'Answers on Telegram, WhatsApp and e-mail, with emergency cover 24/7.',
  },
  {
    role: 'Engineering',
    text: 'Builds the store, the wallet and the secure delivery of your credentials.',
  },
];

const trust = [
  { icon: Clock, text: 'Instant delivery, and always within 24 hours' },
  { icon: RotateCcw, text: 'Full refund if an order is not delivered within 48 hours' },
  { icon: Wallet, text: 'Naira wallet topped up by card, bank transfer, USSD or QR code' },
  { icon: ShieldCheck, text: 'Every account checked before it is listed' },
  { icon: Headphones, text: 'Real people on support, emergency help 24/7' },
  { icon: BadgeCheck, text: 'No hidden fees: ₦0 processing fee on every purchase' },
];

export default function AboutPage() {
  useDocumentTitle(
    'About Us',
    (store) =>
      `Who we are, how we verify every social media account we sell, and why Nigerian creators and marketers trust ${store}.`,
  );
  const store = useStoreName();
  return (
    <StaticPage
      title={`About ${store}`}
      current={paths.about}
      intro="We help Nigerian creators, marketers and businesses skip the slow start on social media with verified, ready-made accounts, paid for in naira and delivered instantly."
    >
      <Clause id="story" title="Our story">
        <p>
          {store} started with a simple problem: growing a new social media account from zero takes
          months, and buying one from a stranger online too often ends with a dead login and no
          refund. We built the store we wanted to buy from.
        </p>
        <p>
          Today you can browse Instagram, TikTok, Twitter, Facebook, YouTube and LinkedIn accounts,
          pay from a naira wallet and get the login details on screen, as a download and by e-mail,
          in seconds. We also design websites for Nigerian businesses.
        </p>
      </Clause>

      <Clause id="verification" title="How we verify every account">
        <ol className="grid gap-4 sm:grid-cols-2">
          {verification.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="ml-0! list-none! rounded-xl border border-border bg-card p-5"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-primary">
                <Icon className="h-5 w-5" aria-hidden /> Step {i + 1}
              </span>
              <h3 className="mt-2 font-semibold text-foreground">{title}</h3>
              <p className="mt-1 text-sm">{text}</p>
            </li>
          ))}
        </ol>
      </Clause>

      <Clause id="team" title="Our team">
        <p>A small team in Nigeria, each with one job: making sure your purchase works.</p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {team.map((t) => (
            <li
              key={t.role}
              className="ml-0! list-none! rounded-xl border border-border bg-card p-5"
            >
              <h3 className="font-semibold text-foreground">{t.role}</h3>
              <p className="mt-1 text-sm">{t.text}</p>
            </li>
          ))}
        </ul>
      </Clause>

      <Clause id="trust" title="Why customers trust us">
        <ul className="grid gap-3 sm:grid-cols-2">
          {trust.map(({ icon: Icon, text }) => (
            <li key={text} className="ml-0! flex list-none! items-start gap-3">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </Clause>
    </StaticPage>
  );
}
