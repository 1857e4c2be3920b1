// The shop's contact channels (e-mail, Telegram, WhatsApp) as cards, built from GET /api/site, never hard-coded.
import { Mail, MessageCircle, Send, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteInfo } from '../../../shared/site.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useSiteInfo, whatsappUrl } from '../../lib/use-site-info.ts';

export type ChannelKey = 'email' | 'telegram' | 'whatsapp';

type Channel = {
  icon: LucideIcon;
  title: string;
  text: string;
  href: string;
  value: string;
  external: boolean;
};

function channel(key: ChannelKey, site: SiteInfo): Channel {
  switch (key) {
    case 'email':
      return {
        icon: Mail,
        title: 'Email Support',
        text: 'Detailed questions, receipts and order issues.',
        href: `mailto:${site.supportEmail}`,
        value: site.supportEmail,
        external: false,
      };
    case 'telegram':
      return {
        icon: Send,
        title: 'Telegram Group',
        text: 'Join our community for updates and quick answers.',
        href: site.telegramUrl,
        value: site.telegramUrl.replace(/^https?:\/\//, ''),
        external: true,
      };
    case 'whatsapp':
      return {
        icon: MessageCircle,
        title: 'WhatsApp',
        text: 'Chat with us on WhatsApp (messages only, no calls).',
        href: whatsappUrl(site.whatsapp),
        value: site.whatsapp,
        external: true,
      };
  }
}

type CardsProps = { keys: ChannelKey[]; compact?: boolean; headingLevel?: 2 | 3 };

/** One card per channel; `compact` is the single-column list used in side panels. */
export function ChannelCards(props: CardsProps) {
  const { data: site, isPending, isError } = useSiteInfo();
  return <ChannelCardList {...props} site={site} isPending={isPending} isError={isError} />;
}

/** The cards as they look while the contact details load: what a static page shows before its data layer is in. */
export function ChannelCardsLoading(props: CardsProps) {
  return <ChannelCardList {...props} site={undefined} isPending isError={false} />;
}

function ChannelCardList({
  keys,
  compact = false,
  headingLevel = 3,
  site,
  isPending,
  isError,
}: CardsProps & { site: SiteInfo | undefined; isPending: boolean; isError: boolean }) {
  if (isError)
    return (
      <p className="text-sm text-muted-foreground">
        Contact details could not be loaded. Please refresh the page.
      </p>
    );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Inside a side card a nested card would double the frame: a plain bordered row instead.
  const Surface = compact ? CompactRow : Card;
  return (
    <ul
      className={cn('grid gap-4', !compact && 'sm:grid-cols-2 lg:grid-cols-3')}
      aria-busy={isPending}
    >
      {keys.map((key) => {
        const c = site ? channel(key, site) : null;
        const Icon = c?.icon ?? Mail;
        return (
          <li key={key}>
            <Surface className={cn('flex h-full gap-4', compact ? 'items-center' : 'flex-col')}>
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <Heading className="font-semibold">{c?.title ?? 'Loading…'}</Heading>
                {!compact && c ? (
                  <p className="mt-1 text-sm text-muted-foreground">{c.text}</p>
                ) : null}
                {c ? (
                  <a
                    href={c.href}
                    className="mt-1 block break-words text-sm font-medium text-primary underline-offset-4 hover:underline"
                    {...(c.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {c.value}
                  </a>
                ) : (
                  <span className="mt-1 block h-4 w-40 animate-pulse rounded bg-muted" />
                )}
              </div>
            </Surface>
          </li>
        );
      })}
    </ul>
  );
}

function CompactRow({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('rounded-xl border border-border p-4', className)}>{children}</div>;
}
