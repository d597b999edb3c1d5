import { Button } from './button';
import { EmptyState } from './empty-state';

/** A search that found nothing: says what was searched and offers to clear it (issue 36). */
export function NoMatches({ things, q, onClear }: { things: string; q: string; onClear: () => void }) {
  return (
    <EmptyState
      title={`No ${things} match "${q}"`}
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear search
        </Button>
      }
    >
      Try another word, or clear the search to see them all.
    </EmptyState>
  );
}
