// The Telegram owner bot's fields: the token is write-only (the console only hears whether one is set), the chat
// id, and "Send test message" (POST /api/admin/alerts/test, with what is saved).
import type { ReactNode } from 'react';
import { storeSettingLabels } from '../../../../../shared/store-settings.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { useSendTestAlert } from '../../api/admin-alerts.ts';
import { CheckboxField } from '../form-extras.tsx';
import { Badge } from '../status-badge.tsx';

export type TokenChange = { kind: 'keep' } | { kind: 'new'; value: string } | { kind: 'remove' };

export function TelegramBotFields({
  tokenSet,
  token,
  onToken,
  tokenError,
  chatId,
}: {
  tokenSet: boolean;
  token: TokenChange;
  onToken: (change: TokenChange) => void;
  tokenError: string | undefined;
  chatId: ReactNode;
}) {
  const test = useSendTestAlert();
  return (
    <>
      <div className="space-y-2">
        <TextField
          label={storeSettingLabels.telegramBotToken}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token.kind === 'new' ? token.value : ''}
          disabled={token.kind === 'remove'}
          onChange={(e) =>
            onToken(e.target.value ? { kind: 'new', value: e.target.value } : { kind: 'keep' })
          }
          placeholder={tokenSet ? 'Set: type a new one to replace it' : '123456789:AA…'}
          error={tokenError}
          hint="From @BotFather. Stored encrypted and never shown again."
        />
        <div className="flex flex-wrap items-center gap-3">
          {tokenSet ? <Badge tone="green">Token set</Badge> : <Badge tone="amber">No token</Badge>}
          {tokenSet ? (
            <CheckboxField
              label="Remove the token"
              checked={token.kind === 'remove'}
              onChange={(on) => onToken(on ? { kind: 'remove' } : { kind: 'keep' })}
            />
          ) : null}
        </div>
      </div>
      <div className="space-y-2">
        {chatId}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={test.isPending || !tokenSet}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Sending...' : 'Send test message'}
        </Button>
        <p className="text-xs text-muted-foreground">
          Sends with the saved token and chat id: save first.
        </p>
      </div>
    </>
  );
}
