import { zeroPad } from '@streamdesk/contract/format';
import { Button } from '@/ui/button';

/** Previous/Next paging with 'Page NN of NN'; the buttons are disabled at the ends (doc 2 section 9). */
export function PrevNextPager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        Page {zeroPad(page)} of {zeroPad(last)}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
