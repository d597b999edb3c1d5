import type { Feature } from '@streamdesk/contract/roles';
import { Button } from './button';

/**
 * A failed video's Retry (library videos and reels: docs/decisions/0044-video-processing.md, 0059): its
 * processing queued again. `name` is the row's ('Video 3', 'reel 2'), for the label.
 */
export function RetryProcessingButton({
  write,
  name,
  busy,
  onRetry,
}: {
  write: Feature;
  name: string;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <Button
      write={write}
      size="sm"
      variant="secondary"
      disabled={busy}
      aria-label={`Retry ${name}`}
      onClick={onRetry}
    >
      Retry
    </Button>
  );
}
