import { useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * A load that failed, said in red with a Retry that loads it again: the one error state of every screen
 * and list (issue 36), whether the shell says it (a load with no answer) or the screen (a refusal, or a
 * screen that words its own failure). `onRetry` resolves once the load is done.
 */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
  className?: string;
}) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-left text-sm text-red-800 ring-1 ring-red-200',
        className,
      )}
    >
      <p className="font-medium">{message}</p>
      <Button variant="secondary" size="sm" loading={retrying} onClick={() => void retry()}>
        Retry
      </Button>
    </div>
  );
}
