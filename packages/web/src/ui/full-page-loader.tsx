import { Spinner } from './spinner';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex min-h-[50vh] items-center justify-center text-brand-600"
    >
      <Spinner className="size-6" />
    </div>
  );
}
