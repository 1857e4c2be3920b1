// Export CSV of one template's stock: the file holds decrypted credentials, so it is fetched (not a plain link)
// and, when the server asks for a fresh second-factor code, the code is asked for before it downloads.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.ts';
import type { ApiErrorBody } from '../../../../../shared/errors.ts';
import { StepUpForm } from '../../../../components/two-factor/step-up-form.tsx';
import { productGroupExportUrl } from '../../api/product-group-mutations.ts';
import { AdminDialog } from '../../../../components/ui/admin-dialog.tsx';

async function downloadCsv(url: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      res.status,
      body?.error.code ?? 'HTTP',
      body?.error.message ?? 'Export failed',
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name ?? 'stock.csv' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function ExportStockButton({ productGroupId }: { productGroupId: string }) {
  const [busy, setBusy] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      await downloadCsv(productGroupExportUrl(productGroupId));
      setAskCode(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STEP_UP_REQUIRED') setAskCode(true);
      else toast.error('Export failed', { description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void exportNow()} disabled={busy}>
        <Download className="h-4 w-4" aria-hidden /> Export CSV
      </Button>
      <AdminDialog
        open={askCode}
        onClose={() => setAskCode(false)}
        title="Export CSV"
        description="The file holds the accounts' passwords."
      >
        <StepUpForm onDone={() => void exportNow()} />
      </AdminDialog>
    </>
  );
}
