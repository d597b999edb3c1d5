import { useParams } from 'react-router';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { useStory, type StoryKind } from '../api';
import { StoryEditForm } from './story-edit-form';

/** An edit page: loads the story of the route's id (a failed load goes to /Error), then the form. */
export function EditStoryScreen(props: {
  kind: StoryKind;
  title: string;
  description: string;
  backTo: string;
}) {
  const { id = '' } = useParams();
  const { data } = useStory(props.kind, id);
  return (
    <div className="space-y-4">
      <PageHeader title={props.title} description={props.description} />
      {data ? (
        <StoryEditForm kind={props.kind} story={data.data} backTo={props.backTo} />
      ) : (
        <FullPageLoader />
      )}
    </div>
  );
}
