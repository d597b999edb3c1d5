import { Button } from '@/ui/button';

/** A row's Delete, named with the row ('Delete Cup Final'), held while its delete is in flight. */
export function RowDeleteButton({
  name,
  deleting,
  onDelete,
}: {
  name: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Button
      write="live-matches"
      size="sm"
      variant="danger"
      onClick={onDelete}
      loading={deleting}
      aria-label={`Delete ${name}`}
    >
      Delete
    </Button>
  );
}
