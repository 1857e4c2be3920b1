// The balance adjustment modal: add or deduct funds with a reason; the server refuses to go below zero.
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import {
  adminUserMessages,
  balanceAdjustmentSchema,
  type AdminUser,
} from '../../../../../shared/admin-users.ts';
import { formatNaira, nairaToKobo } from '../../../../../shared/money.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../../components/ui/field.tsx';
import { needsStepUp } from '../../../../lib/two-factor-api.ts';
import { StepUpForm } from '../../../../components/two-factor/step-up-form.tsx';
import { AdminDialog } from '../../../../components/ui/admin-dialog.tsx';
import { useAdjustBalance } from './admin-users-api.ts';

type Action = 'credit' | 'debit';

export function BalanceAdjustmentDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const actionId = useId();
  const reasonId = useId();
  const reasonHintId = useId();
  const [action, setAction] = useState<Action>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useAdjustBalance(user.id, onClose);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!amount.trim() || !reason.trim()) {
      toast.error(adminUserMessages.fillAllFields);
      return;
    }
    const amountNaira = Number(amount);
    if (!Number.isFinite(amountNaira) || amountNaira === 0) {
      toast.error(adminUserMessages.invalidAmount);
      return;
    }
    const amountKobo = nairaToKobo(amountNaira);
    const parsed = balanceAdjustmentSchema.safeParse({ action, amountKobo, reason });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? adminUserMessages.invalidAmount);
      return;
    }
    adjust.mutate(parsed.data);
  };

  return (
    <AdminDialog
      open
      onClose={onClose}
      isBusy={adjust.isPending}
      title="Adjust Balance"
      description={`${user.email} · current balance ${formatNaira(user.walletBalanceKobo)}`}
    >
      {/* Native checks stay on for the amount's minimum and step; empty fields get SPEC's toast instead. */}
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={actionId} className="block text-sm font-medium">
            Action
          </label>
          <select
            id={actionId}
            className={inputClass}
            value={action}
            onChange={(e) => setAction(e.target.value as Action)}
          >
            <option value="credit">Add funds</option>
            <option value="debit">Deduct funds</option>
          </select>
        </div>
        <Field
          label="Amount (₦)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          placeholder="e.g. 1000"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="space-y-1.5">
          <label htmlFor={reasonId} className="block text-sm font-medium">
            Reason
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={500}
            className={`${inputClass} h-auto py-2`}
            placeholder="Why is this balance changing?"
            aria-describedby={reasonHintId}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <p id={reasonHintId} className="text-xs text-muted-foreground">
            {adminUserMessages.reasonShownToCustomer}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === 'debit' ? 'destructive' : 'primary'}
            disabled={adjust.isPending}
          >
            {action === 'debit' ? 'Deduct Funds' : 'Add Funds'}
          </Button>
        </div>
      </form>
      {/* A money action asks for a fresh code; once it is right, the same adjustment is sent again. */}
      {needsStepUp(adjust.error) && adjust.variables && (
        <div className="mt-4">
          <StepUpForm onDone={() => adjust.mutate(adjust.variables!)} />
        </div>
      )}
    </AdminDialog>
  );
}
