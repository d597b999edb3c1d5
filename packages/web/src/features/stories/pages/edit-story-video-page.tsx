import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { useStory } from '../api';
import { StoryEditForm } from '../components/story-edit-form';

export default function EditStoryVideoPage() {
  const { id = '' } = useParams();
  const { data } = useStory('video', id);
  return (
    <div className="space-y-4">
      <PageHeader title="Story Management" description="Edit a story video or image." />
      {data ? (
        <StoryEditForm kind="video" story={data.data} backTo={paths.storyVideos.getHref()} />
      ) : (
        <FullPageLoader />
      )}
    </div>
  );
}
