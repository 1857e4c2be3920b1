// The Bulk Upload tab: pick an active template and a .csv file, checked here first, then upload with a progress bar.
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CSV_MAX_BYTES,
  CSV_MAX_MB,
  csvMessages,
  type AdminProductGroup,
} from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/field.tsx';
import { cn } from '../../../../lib/cn.ts';
import { SelectField } from '../../../../components/ui/form-controls.tsx';
import { useUploadCsv } from '../../api/upload-csv.ts';
import { FormError, Panel } from '../form-extras.tsx';
import { CsvHelp } from './csv-help.tsx';
import { UploadProgress, UploadSummary } from './upload-status.tsx';

function isCsv(file: File): boolean {
  return (
    file.name.toLowerCase().endsWith('.csv') &&
    (file.type === '' || /csv|excel|text\/plain/.test(file.type))
  );
}

/** The SPEC.md §5 message for what is missing or wrong, or null when the upload may go. */
function checkUpload(productGroupId: string, file: File | null): string | null {
  if (!file || !isCsv(file)) return csvMessages.selectFile;
  if (!productGroupId) return csvMessages.selectProductGroup;
  if (file.size > CSV_MAX_BYTES) return csvMessages.tooLarge(CSV_MAX_MB);
  return null;
}

export function BulkUploadTab({ productGroups }: { productGroups: AdminProductGroup[] }) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [productGroupId, setProductGroupId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadCsv();
  const options = productGroups
    .filter((t) => t.isActive)
    .map((t) => ({ value: t.id, label: `${t.name} (${t.categoryName})` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkUpload(productGroupId, file);
    setError(problem);
    if (problem || !file) return;
    upload.mutate(
      { productGroupId, file },
      {
        onSuccess: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Panel
        title="Bulk Upload"
        description="Add many accounts to one product template from a CSV file."
      >
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Bulk Upload">
          <SelectField
            label="Product Template"
            required
            options={options}
            placeholder="Select a product template"
            value={productGroupId}
            onChange={(e) => {
              setProductGroupId(e.target.value);
              setError(null);
            }}
          />
          <div className="space-y-1.5">
            <label htmlFor={fileId} className="block text-sm font-medium">
              CSV File
            </label>
            <input
              id={fileId}
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className={cn(
                inputClass,
                'h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-foreground',
              )}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <p className="text-xs text-muted-foreground">A .csv file of at most {CSV_MAX_MB} MB.</p>
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={upload.isPending} className="w-full sm:w-auto">
            <Upload className="h-4 w-4" aria-hidden />{' '}
            {upload.isPending ? 'Uploading...' : 'Upload CSV'}
          </Button>
          {upload.isPending ? <UploadProgress fraction={upload.progress} /> : null}
          {upload.isSuccess ? <UploadSummary result={upload.data} /> : null}
          {upload.isError ? (
            <p className="text-sm font-medium text-destructive">
              Upload failed: {upload.error.message}
            </p>
          ) : null}
        </form>
      </Panel>
      <CsvHelp />
    </div>
  );
}
