// POST /api/admin/product-groups/:id/upload with the raw CSV, through XMLHttpRequest so the upload reports progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { csvMessages, type CsvUploadResult } from '../../../../shared/admin-catalogue.ts';
import type { ApiErrorBody } from '../../../../shared/errors.ts';
import { ApiError } from '../../../lib/api.ts';
import { adminErrorText, adminKey } from './admin-mutation.ts';

export function uploadCsv(
  productGroupId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<CsvUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/product-groups/${encodeURIComponent(productGroupId)}/upload`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as CsvUploadResult);
      const err = (data as ApiErrorBody | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          err?.code ?? 'HTTP',
          err?.message ?? `Request failed (${xhr.status})`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'NETWORK', 'Network error. Please check your connection and try again.'),
      );
    xhr.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The upload with its progress (0 to 1); the result stays on screen until the next upload. */
export function useUploadCsv() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ productGroupId, file }: { productGroupId: string; file: File }) => {
      setProgress(0);
      return uploadCsv(productGroupId, file, setProgress);
    },
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: adminKey });
    },
    onError: (err) =>
      toast.error(
        adminErrorText(err, `Upload failed: ${err.message || csvMessages.processFailed}`),
      ),
  });
  return { ...mutation, progress };
}
