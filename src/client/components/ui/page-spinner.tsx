// A centred spinner for a page that is still loading.
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-border border-t-primary"
        aria-hidden
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
