import type { ReactNode } from 'react';
import { InfoIcon } from '@/ui/icons';

/**
 * The public feed shows only web-enabled videos, and uploads start with the flag off (decision 0018):
 * said where a person would otherwise wonder why the feed stays empty (issue 36).
 */
export const WEB_FEED_RULE = 'The web feed shows only web-enabled videos.';

export function WebFeedNote({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
