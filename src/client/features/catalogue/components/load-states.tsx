// What a catalogue page shows instead of its content: a load error with Try Again, not found, or nothing to list.
import { AlertTriangle, SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';

type ErrorProps = { title: string; message: string; onRetry: () => void; isRetrying?: boolean };

export function LoadError({ title, message, onRetry, isRetrying }: ErrorProps) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      <AlertTriangle className="h-12 w-12 text-destructive" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button className="mt-6" onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </section>
  );
}

export function NotFoundState({ title, message }: { title: string; message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <SearchX className="h-12 w-12 text-muted-foreground" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button asChild className="mt-6">
        <Link to={paths.products}>Back to Products</Link>
      </Button>
    </section>
  );
}

type EmptyProps = { icon: LucideIcon; title: string; text: string; action?: ReactNode };

export function EmptyState({ icon: Icon, title, text, action }: EmptyProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-14 text-center">
      <Icon className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{text}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
