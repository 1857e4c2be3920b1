// The page a link from an e-mail lands on once the server has answered: a tick or a cross, what happened, and
// where to go next (e-mail confirmation, e-mail change).
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/card.tsx';

export function LinkOutcome({
  ok,
  title,
  message,
  children,
}: {
  ok: boolean;
  title: string;
  message: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <Card className="text-center">
        {ok ? (
          <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden />
        ) : (
          <XCircle className="mx-auto h-12 w-12 text-destructive" aria-hidden />
        )}
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{message}</p>
        {children}
      </Card>
    </section>
  );
}
