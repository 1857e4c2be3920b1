// The centred card that frames the sign-in and sign-up forms.
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </section>
  );
}
