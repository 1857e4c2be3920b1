// The Web Services page: three web-design packages, the quote dialog, contact cards and the logo offer.
import { Check, Clock, Gift, Server, Sparkles, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatNairaShort } from '../../../shared/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DataIsland, preloadDataIslands } from '../../lib/data-island.tsx';
import { preloadable } from '../../lib/preloadable.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { ChannelCards, ChannelCardsLoading, type ChannelKey } from './contact-channels.tsx';
import {
  FREE_HOSTING_VALUE_KOBO,
  FREE_LOGO_VALUE_KOBO,
  webPackages,
  type WebPackage,
} from './web-packages.ts';

// The quote form (its dialog, validation and sending) loads when a visitor points at or picks a package,
// not with the page: it is most of the page's code and nobody needs it to read the packages.
// Preloadable rather than React.lazy: once its code is here it renders at once, where a lazy component would still
// suspend on its first render and React would hold the dialog back (up to 300 ms) before showing it.
const quoteDialog = preloadable(() => import('./quote-form.tsx').then((m) => m.QuoteDialog));
const preloadQuoteDialog = () => void quoteDialog.preload().catch(() => undefined);
const talkChannels: ChannelKey[] = ['whatsapp', 'email', 'telegram'];

export default function WebServicesPage() {
  useDocumentTitle(
    'Web Design Services',
    'Professional websites for Nigerian businesses: Starter Website, Business Builder and Online Store packages, with free hosting for a year.',
  );
  const [chosen, setChosen] = useState<WebPackage | null>(null);
  // The quote dialog is what the page's buttons open: it loads while the visitor reads, so that it opens at once.
  useEffect(
    () =>
      whenIdle(() => {
        preloadQuoteDialog();
        void preloadDataIslands();
      }),
    [],
  );
  // Mounted from the first choice on, and kept: it owns the request that may still be on its way after a close.
  const [quoteMounted, setQuoteMounted] = useState(false);
  const start = (pkg: WebPackage) => {
    setQuoteMounted(true);
    setChosen(pkg);
  };
  return (
    <>
      <section className="bg-gradient-to-b from-muted to-background px-4 py-16 text-center sm:py-20">
        <p className="mx-auto inline-flex items-center gap-1 rounded-full border border-border bg-background px-3 py-1 text-sm text-muted-foreground">
          <Sparkles className="h-4 w-4 text-primary" aria-hidden /> Web design for Nigerian
          businesses
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          Get a professional website that brings you customers
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Fixed prices in naira, delivered in days, not months. Every package includes free hosting
          for 1 year (valued {formatNairaShort(FREE_HOSTING_VALUE_KOBO)}).
        </p>
      </section>

      <section aria-labelledby="packages-title" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="packages-title" className="text-center text-3xl font-bold">
          Choose your package
        </h2>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {webPackages.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} onStart={() => start(pkg)} />
            </li>
          ))}
        </ul>
        <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <Server className="h-4 w-4 shrink-0 text-primary" aria-hidden />
          All packages include free hosting for 1 year, valued at{' '}
          {formatNairaShort(FREE_HOSTING_VALUE_KOBO)}.
        </p>
      </section>

      <section aria-labelledby="offer-title" className="mx-auto max-w-7xl px-4">
        <div className="flex flex-col items-center gap-4 rounded-xl border border-amber-500/50 bg-amber-50 p-6 text-center text-amber-950 sm:flex-row sm:text-left dark:bg-amber-950/40 dark:text-amber-50">
          <Gift className="h-10 w-10 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
          <div>
            <h2 id="offer-title" className="text-xl font-bold">
              Limited offer: free logo design
            </h2>
            <p className="mt-1">
              Book any package this month and we design your logo for free, a{' '}
              {formatNairaShort(FREE_LOGO_VALUE_KOBO)} value.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="talk-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="talk-title" className="text-center text-3xl font-bold">
          Prefer to talk first?
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-muted-foreground">
          Ask us anything about your project on WhatsApp, by e-mail or on Telegram. We reply to
          quote requests within 24 hours.
        </p>
        <div className="mt-8">
          <DataIsland fallback={<ChannelCardsLoading keys={talkChannels} />}>
            <ChannelCards keys={talkChannels} />
          </DataIsland>
        </div>
      </section>

      {quoteMounted ? (
        // Sending the request goes through the shared query cache (a mutation), so the dialog is a data island too.
        <DataIsland fallback={null}>
          <quoteDialog.Component pkg={chosen} onClose={() => setChosen(null)} />
        </DataIsland>
      ) : null}
    </>
  );
}

function PackageCard({ pkg, onStart }: { pkg: WebPackage; onStart: () => void }) {
  const titleId = `pkg-${pkg.id}`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        'relative flex h-full flex-col',
        pkg.popular && 'shadow-lg ring-2 ring-primary lg:-translate-y-2',
      )}
    >
      {pkg.popular ? (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          <Star className="h-3.5 w-3.5" aria-hidden /> Most Popular
        </span>
      ) : null}
      <h3 id={titleId} className="text-xl font-bold">
        {pkg.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{pkg.tagline}</p>
      <p className="mt-4 text-4xl font-extrabold">{formatNairaShort(pkg.priceKobo)}</p>
      <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
        <Clock className="h-4 w-4" aria-hidden /> Delivered in {pkg.duration}
      </p>
      <ul className="mt-5 space-y-2" aria-label={`${pkg.name} features`}>
        {pkg.features.map((f) => (
          <li key={f} className="flex gap-2 text-sm">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden /> {f}
          </li>
        ))}
      </ul>
      <div className="mb-6 mt-5 rounded-md bg-muted p-3 text-sm">
        <p className="font-medium">Why it helps</p>
        <ul className="mt-1 list-inside list-disc text-muted-foreground">
          {pkg.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <p className="mt-2">
          <span className="font-medium">Ideal for:</span>{' '}
          <span className="text-muted-foreground">{pkg.ideal}</span>
        </p>
      </div>
      <Button
        className="mt-auto w-full"
        variant={pkg.popular ? 'primary' : 'outline'}
        onClick={onStart}
        onPointerEnter={preloadQuoteDialog}
        onFocus={preloadQuoteDialog}
        onTouchStart={preloadQuoteDialog}
        aria-label={`Start Your Project: ${pkg.name}`}
      >
        Start Your Project
      </Button>
    </Card>
  );
}
