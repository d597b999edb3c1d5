import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { useStory } from '../api';
import { StoryEditForm } from '../components/story-edit-form';

export default function EditStoryAdPage() {
  const { id = '' } = useParams();
  const { data } = useStory('ads', id);
  return (
    <div className="space-y-4">
      <PageHeader title="Edit Story Ad" description="Edit a video, image or native story ad." />
      {data ? (
        <StoryEditForm kind="ads" story={data.data} backTo={paths.storyAds.getHref()} />
      ) : (
        <FullPageLoader />
      )}
    </div>
  );
}
