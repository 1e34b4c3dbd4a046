export function Spinner({ label = 'Loading', className = 'h-8 w-8' }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-2 border-slate-600 border-t-indigo-400`}
      />
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} className="h-10 w-10" />
    </div>
  );
}
