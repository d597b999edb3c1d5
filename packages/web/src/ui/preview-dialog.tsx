import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * The one dialog a list previews a row's media in (a reel, an ad's image or video): the title, the
 * media, and a secondary Close at the right. Closing unmounts the media, so nothing plays behind the page.
 */
export function PreviewDialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()} title={title}>
      {open && (
        <div className="space-y-3">
          {children}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
