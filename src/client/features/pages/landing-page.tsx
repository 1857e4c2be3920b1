// The landing page: hero, six offerings, how it works (the navbar scrolls here), why choose us.
import {
  BadgeCheck,
  Briefcase,
  Camera,
  Clock,
  CreditCard,
  Lock,
  MessageCircle,
  Music,
  Search,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { HOW_IT_WORKS_ID } from '../../lib/how-it-works-id.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { loadDataLayer, preloadPage } from '../../lib/app-links.ts';

const offerings = [
  {
    icon: Camera,
    title: 'Instagram Accounts',
    text: 'Aged and niche accounts with real followers, ready to post.',
  },
  {
    icon: Music,
    title: 'TikTok Accounts',
    text: 'Creator-ready TikTok accounts with clean history.',
  },
  {
    icon: MessageCircle,
    title: 'Twitter Accounts',
    text: 'Aged Twitter (X) accounts that look established from day one.',
  },
  {
    icon: Users,
    title: 'Facebook & Aged Facebook',
    text: 'Fresh and aged profiles for pages, groups and ads.',
  },
  {
    icon: Briefcase,
    title: 'YouTube & LinkedIn',
    text: 'Starter channels and professional profiles with connections.',
  },
  {
    icon: TrendingUp,
    title: 'Follower Boosting',
    text: 'Grow the accounts you already own with follower packages.',
  },
];

const steps = [
  {
    icon: Search,
    title: 'Explore',
    text: 'Browse categories and compare accounts by price, followers and age.',
  },
  {
    icon: Wallet,
    title: 'Connect',
    text: 'Create your account and top up your naira wallet by card, transfer, USSD or QR.',
  },
  {
    icon: Lock,
    title: 'Secure Checkout',
    text: 'Pay from your wallet in one step; one account or many at once.',
  },
  {
    icon: Sparkles,
    title: 'Enjoy',
    text: 'Get the login details instantly on screen, as a download and by e-mail.',
  },
];

const reasons = [
  {
    icon: Zap,
    title: 'Instant delivery',
    text: 'Credentials appear the moment your purchase completes.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified stock',
    text: 'Every account is checked before it is listed.',
  },
  {
    icon: CreditCard,
    title: 'Pay in naira',
    text: 'Top up with Nigerian cards, bank transfer, USSD or QR code.',
  },
  {
    icon: Clock,
    title: 'Support that answers',
    text: 'Real people on Telegram, WhatsApp and e-mail.',
  },
];

export default function LandingPage() {
  useDocumentTitle(
    (store) => `${store} — Buy ready-made social media accounts in Nigeria`,
    'Buy verified Instagram, TikTok, Twitter, Facebook, YouTube and LinkedIn accounts with your naira wallet. Instant delivery.',
  );
  // The first call to action is "Browse Products": its page and its list load while the visitor reads, so that it
  // opens at once. (The landing page itself needs neither.)
  useEffect(
    () =>
      whenIdle(() => {
        // Imported here, not at the top: the query library would join the landing page's own code.
        void preloadPage(paths.products)
          .then(() => Promise.all([loadDataLayer(), import('../../lib/queries/use-catalogue.ts')]))
          .then(([{ prefetchRead }, { catalogueQueryKey, fetchCatalogue }]) =>
            prefetchRead(catalogueQueryKey, fetchCatalogue),
          );
      }),
    [],
  );
  return (
    <>
      <section className="bg-gradient-to-b from-muted to-background px-4 py-20 text-center">
        <p className="mx-auto inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
          <BadgeCheck className="h-4 w-4 text-primary" aria-hidden /> Trusted by creators and
          marketers across Nigeria
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          Ready-made social media accounts, delivered instantly
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Skip the slow start. Buy aged, verified accounts from your naira wallet and get the login
          details in seconds.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.products}>Browse Products</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.register}>Create Free Account</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="offerings" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="offerings" className="text-center text-3xl font-bold">
          What we offer
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {offerings.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <Icon className="h-8 w-8 text-primary" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section
        id={HOW_IT_WORKS_ID}
        aria-labelledby="how-title"
        className="scroll-mt-20 bg-muted px-4 py-16"
      >
        <h2 id="how-title" className="text-center text-3xl font-bold">
          How It Works
        </h2>
        <ol className="mx-auto mt-10 grid max-w-7xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6">
              <span className="text-sm font-semibold text-primary">Step {i + 1}</span>
              <Icon className="mt-2 h-8 w-8 text-primary" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="why-title" className="text-center text-3xl font-bold">
          Why choose us
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ icon: Icon, title, text }) => (
            <div key={title} className="text-center">
              <Icon className="mx-auto h-10 w-10 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={paths.products}>Start Shopping</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.register}>Sign Up Now</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
