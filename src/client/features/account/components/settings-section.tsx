// The frame of one profile-settings section: a heading, a line saying what it does, and its form.
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Card className="p-4 sm:p-6" role={id ? 'region' : undefined} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** Shows the server's answer under a form: role=status, so it is announced and tests find it. */
export function FormNote({
  message,
  tone = 'ok',
}: {
  message: string | null;
  tone?: 'ok' | 'error';
}) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'mt-3 text-sm text-destructive'
          : 'mt-3 text-sm text-green-700 dark:text-green-400'
      }
    >
      {message}
    </p>
  );
}
