// A row's one-click action (Retry, Re-check): runs the mutation for that row's id, disabled while that row's runs.
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  mutation: UseMutationResult<unknown, Error, string>;
  id: string;
  label: string;
  children: ReactNode;
};

export function RowActionButton({ mutation, id, label, children }: Props) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={mutation.isPending && mutation.variables === id}
      onClick={() => mutation.mutate(id)}
      aria-label={label}
      className="whitespace-nowrap"
    >
      {children}
    </Button>
  );
}
