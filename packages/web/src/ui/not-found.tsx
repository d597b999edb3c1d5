import { messages } from '@streamdesk/contract/messages';
import { MessagePage, PrimaryLink } from './message-page';

/** Shown for unknown paths, and by screens whose path names something unknown (an ad kind). */
export function NotFound() {
  return (
    <MessagePage code="404" message={messages.pageNotFound}>
      <PrimaryLink to="/">Back to dashboard</PrimaryLink>
    </MessagePage>
  );
}
