// The console's Settings: the store's name and logo, contact channels, Telegram owner bot, referral terms, warranty
// and low-stock threshold. Saved together; every store process uses them within seconds, without a restart.
import { useState, type FormEvent } from 'react';
import {
  storeSettingLabels as L,
  updateStoreSettingsSchema,
  type StoreSettingsView,
  type UpdateStoreSettings,
} from '../../../../../shared/store-settings.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { useSaveStoreSettings, useStoreSettings } from '../../api/admin-settings.ts';
import { FormError, Panel } from '../form-extras.tsx';
import { LogoField } from './logo-field.tsx';
import { TelegramBotFields, type TokenChange } from './telegram-bot-fields.tsx';

type Field = Exclude<keyof UpdateStoreSettings, 'telegramBotToken'>;
type Values = Record<Field, string>;

const toValues = (s: StoreSettingsView): Values => ({
  storeName: s.storeName,
  supportWhatsapp: s.supportWhatsapp,
  supportTelegramUrl: s.supportTelegramUrl,
  supportEmail: s.supportEmail,
  officeLocation: s.officeLocation,
  telegramChatId: s.telegramChatId ?? '',
  referralPercent: String(s.referralPercent),
  referralMaxTopups: String(s.referralMaxTopups),
  warrantyHours: String(s.warrantyHours),
  lowStockThreshold: String(s.lowStockThreshold),
});

const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

export function StoreSettings() {
  const settings = useStoreSettings();
  return (
    <Panel
      title="Store settings"
      description="Every store process uses a saved change within seconds, without a restart. Each save is recorded in Activity."
    >
      {settings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading settings...
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {settings.error.message}
        </p>
      ) : (
        <div className="space-y-8">
          <LogoField logoUrl={settings.data.logoUrl} />
          <SettingsForm key={settings.data.updatedAt ?? 'first'} settings={settings.data} />
        </div>
      )}
    </Panel>
  );
}

function SettingsForm({ settings }: { settings: StoreSettingsView }) {
  const save = useSaveStoreSettings();
  const [values, setValues] = useState(() => toValues(settings));
  const [token, setToken] = useState<TokenChange>({ kind: 'keep' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateStoreSettingsSchema.safeParse({
      ...values,
      telegramChatId: values.telegramChatId.trim() || null,
      referralPercent: number(values.referralPercent),
      referralMaxTopups: number(values.referralMaxTopups),
      warrantyHours: number(values.warrantyHours),
      lowStockThreshold: number(values.lowStockThreshold),
      ...(token.kind === 'new'
        ? { telegramBotToken: token.value }
        : token.kind === 'remove'
          ? { telegramBotToken: null }
          : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const field = (name: Field, props: Parameters<typeof TextField>[0] = { label: L[name] }) => (
    <TextField
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      {...props}
      label={props.label ?? L[name]}
    />
  );
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings" className="space-y-8">
      <Section title="Store">
        {field('storeName', {
          label: L.storeName,
          maxLength: 60,
          hint: 'In the header, page titles, link previews, and e-mails (sender and subject).',
        })}
      </Section>
      <Section title="Contact channels" description="Shown on the Contact and Support pages.">
        {field('supportWhatsapp', { label: L.supportWhatsapp, inputMode: 'tel' })}
        {field('supportTelegramUrl', {
          label: L.supportTelegramUrl,
          inputMode: 'url',
          placeholder: 'https://t.me/yourshop',
        })}
        {field('supportEmail', { label: L.supportEmail, type: 'email' })}
        {field('officeLocation', { label: L.officeLocation })}
      </Section>
      <Section
        title="Telegram owner bot"
        description="Messages to your phone when something happens in the shop (choose which on the Alerts tab)."
      >
        <TelegramBotFields
          tokenSet={settings.telegramBotTokenSet}
          token={token}
          onToken={setToken}
          tokenError={errors.telegramBotToken}
          chatId={field('telegramChatId', {
            label: L.telegramChatId,
            placeholder: '-1001234567890 or @yourchannel',
          })}
        />
      </Section>
      <Section title="Referrals">
        {field('referralPercent', {
          label: `${L.referralPercent} (%)`,
          inputMode: 'decimal',
          hint: 'Of each credited top-up of a customer someone referred; at most two decimals.',
        })}
        {field('referralMaxTopups', {
          label: L.referralMaxTopups,
          inputMode: 'numeric',
          hint: 'How many of the referred customer’s first top-ups earn the reward (0: none).',
        })}
      </Section>
      <Section title="Orders and stock">
        {field('warrantyHours', {
          label: L.warrantyHours,
          inputMode: 'numeric',
          hint: 'How long after a purchase the buyer may report a bad account.',
        })}
        {field('lowStockThreshold', {
          label: L.lowStockThreshold,
          inputMode: 'numeric',
          hint: 'A template at or below this many available accounts is low on stock; you are alerted.',
        })}
      </Section>
      <FormError
        message={
          errorCount ? `Check the ${errorCount === 1 ? 'field' : 'fields'} marked above.` : null
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
        {settings.updatedAt ? (
          <p className="text-sm text-muted-foreground">
            Last saved{' '}
            <time dateTime={settings.updatedAt}>{formatDateTime(settings.updatedAt)}</time>
          </p>
        ) : null}
      </div>
    </form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-muted-foreground">{description}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
