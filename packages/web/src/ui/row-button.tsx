import { Button, type ButtonProps } from './button';

/**
 * A button of a list row's Actions column (Play, Edit, Delete): the small size every list's row buttons
 * have, its word shown and its row named to a screen reader ('Delete story 3'), since the word alone is
 * the same on every row (issue 36: row actions are buttons on every list, docs/decisions/0058).
 */
export function RowButton({
  action,
  of,
  variant = 'secondary',
  ...rest
}: Omit<ButtonProps, 'children' | 'size'> & { action: string; of: string }) {
  return (
    <Button size="sm" variant={variant} aria-label={`${action} ${of}`} {...rest}>
      {action}
    </Button>
  );
}
