// The frame of the text pages (Terms, Privacy, About): title block, numbered sections, links to the others.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';

const related = [
  { to: paths.about, label: 'About Us' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.support, label: 'Support' },
  { to: paths.contact, label: 'Contact' },
];

export const textLink = 'font-medium text-primary underline underline-offset-4';

type Props = {
  title: string;
  intro: ReactNode;
  meta?: ReactNode;
  current: string;
  children: ReactNode;
};

export function StaticPage({ title, intro, meta, current, children }: Props) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <header className="border-b border-border pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        {meta ? <p className="mt-2 text-sm text-muted-foreground">{meta}</p> : null}
        <div className="mt-4 text-lg text-muted-foreground">{intro}</div>
      </header>
      <div className="space-y-10 py-10">{children}</div>
      <section
        aria-labelledby="ready-title"
        className="rounded-xl border border-border bg-muted p-6 text-center"
      >
        <h2 id="ready-title" className="text-xl font-bold">
          Ready to get started?
        </h2>
        <p className="mt-1 text-muted-foreground">
          Create a free account, top up your wallet and buy in minutes.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.products}>Browse Products</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.register}>Create Account</Link>
          </Button>
        </div>
      </section>
      <nav aria-label="Related pages" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {related
            .filter((r) => r.to !== current)
            .map((r) => (
              <li key={r.to}>
                <Link to={r.to} className={textLink}>
                  {r.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}

/** One numbered section with an anchor, so that a clause can be linked to. */
export function Clause({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}
