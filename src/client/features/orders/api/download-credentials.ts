// GET /api/orders/:id/download?format=json|txt: saves the credentials file under the server's name (<orderId>.json).
import { orderMessages } from '../../../../shared/orders.ts';
import { ApiError } from '../../../lib/api.ts';
import type { ApiErrorBody } from '../../../../shared/errors.ts';

export type DownloadFormat = 'json' | 'txt';

export function downloadUrl(orderId: string, format: DownloadFormat): string {
  return `/api/orders/${encodeURIComponent(orderId)}/download?format=${format}`;
}

/** Fetches the file first so a refusal shows as a message instead of a saved error page. */
export async function downloadCredentials(orderId: string, format: DownloadFormat): Promise<void> {
  let res: Response;
  try {
    res = await fetch(downloadUrl(orderId, format), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'HTTP',
      body?.error?.message ?? orderMessages.noCredentials,
    );
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? `${orderId}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileNameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
