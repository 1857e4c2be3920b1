// The frame of the console's modals (account details, edit account, edit category, edit product template).
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Fragment, type ReactNode } from 'react';
import { Button } from './button.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** While a save is on its way the modal stays open, so its answer is seen. */
  isBusy?: boolean;
  children: ReactNode;
};

export function AdminDialog({ open, onClose, title, description, isBusy, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !isBusy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-5 text-foreground shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Description
                className={description ? 'mt-1 text-sm text-muted-foreground' : 'sr-only'}
              >
                {description ?? title}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" disabled={isBusy}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The modal that edits one row: open while there is a row, its form keyed by the row so that it starts afresh. */
export function EditDialog<T extends { id: string }>({
  item,
  onClose,
  title,
  isBusy,
  children,
}: Omit<Props, 'open' | 'children' | 'description'> & {
  item: T | null;
  children: (item: T) => ReactNode;
}) {
  return (
    <AdminDialog open={item !== null} onClose={onClose} title={title} isBusy={isBusy}>
      {item ? <Fragment key={item.id}>{children(item)}</Fragment> : null}
    </AdminDialog>
  );
}
