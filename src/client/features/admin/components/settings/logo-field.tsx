// The store's logo: a PNG, JPEG or WebP of at most 256 KB, uploaded at once (PUT /api/admin/settings/logo); the
// header, e-mails, the tab's icon and link previews use it.
import { useId, useState, type ChangeEvent } from 'react';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  storeSettingLabels,
  storeSettingsMessages,
} from '../../../../../shared/store-settings.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useSaveStoreLogo } from '../../api/admin-settings.ts';
import { FormError } from '../form-extras.tsx';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const id = useId();
  const save = useSaveStoreLogo();
  const [error, setError] = useState<string | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return setError(storeSettingsMessages.logoType);
    if (file.size > LOGO_MAX_BYTES) return setError(storeSettingsMessages.logoTooLarge);
    setError(null);
    save.mutate({ image: await readAsDataUrl(file) });
  };

  return (
    <div className="space-y-2">
      <p className="text-base font-semibold" id={`${id}-title`}>
        {storeSettingLabels.logo}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-16 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
          {logoUrl ? (
            <img src={logoUrl} alt="The store's logo" className="h-full w-full object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">None</span>
          )}
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <label
              htmlFor={id}
              className="inline-flex h-9 cursor-pointer items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-within:outline-2 focus-within:outline-primary"
            >
              {save.isPending ? 'Uploading...' : logoUrl ? 'Replace logo' : 'Upload logo'}
              <input
                id={id}
                type="file"
                accept={LOGO_TYPES.join(',')}
                className="sr-only"
                aria-describedby={`${id}-hint`}
                disabled={save.isPending}
                onChange={(e) => void choose(e)}
              />
            </label>
            {logoUrl ? (
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => save.mutate({ image: null })}
              >
                Remove logo
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024} KB; square looks best. The header,
            e-mails, the browser tab and link previews show it.
          </p>
        </div>
      </div>
      <FormError message={error} />
    </div>
  );
}
