// The upload's progress bar while the file travels, and the server's summary once it has been read.
import type { CsvUploadResult } from '../../../../../shared/admin-catalogue.ts';

export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  // Sent in full but not yet answered: the server is still reading the rows.
  const label = percent >= 100 ? 'Processing CSV...' : `Uploading... ${percent}%`;
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground" aria-hidden>
        {label}
      </p>
    </div>
  );
}

export function UploadSummary({ result }: { result: CsvUploadResult }) {
  const rows = [
    { label: 'Created', value: result.created },
    { label: 'Skipped as invalid', value: result.skippedInvalid },
    { label: 'Skipped as duplicates', value: result.skippedDuplicates },
    { label: 'Stock now', value: result.stockCount },
  ];
  return (
    <section
      aria-label="Upload result"
      className="rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-50"
    >
      <p className="font-semibold">{result.message}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map((r) => (
          <div key={r.label}>
            <dt className="text-xs opacity-80">{r.label}</dt>
            <dd
              className="text-xl font-bold"
              data-testid={`upload-${r.label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
