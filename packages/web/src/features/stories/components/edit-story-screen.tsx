import { useParams } from 'react-router';
import { useOpenedReply } from '@/lib/use-opened-reply';
import { FullPageLoader } from '@/ui/full-page-loader';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { PageHeader } from '@/ui/page-header';
import { useStory, type StoryKind } from '../api';
import { StoryEditForm } from './story-edit-form';

/**
 * An edit page: loads the story of the route's id (a failed load goes to /Error), then the form. The
 * form edits the story as it was when the page opened, and sends that version with the save; a reload
 * of the query in the background does not change it under the admin's draft (only the video's processing
 * and its URL follow it: `now`, reloaded while it is queued or processing). Reload (offered when the
 * save was refused because the story changed meanwhile) fetches the story again and starts the form
 * afresh from it.
 */
export function EditStoryScreen(props: {
  kind: StoryKind;
  title: string;
  description: string;
  backTo: string;
}) {
  const { id = '' } = useParams();
  const { current, reload } = useOpenedReply(id, useStory(props.kind, id));

  return (
    <div className="space-y-4">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={<ActivityHistoryLink feature="stories" item={id} />}
      />
      {current ? (
        <StoryEditForm
          key={`${id}:${current.reloads}`}
          kind={props.kind}
          story={current.reply.data}
          now={current.now}
          version={current.reply.version}
          onReload={reload}
          backTo={props.backTo}
        />
      ) : (
        <FullPageLoader />
      )}
    </div>
  );
}
