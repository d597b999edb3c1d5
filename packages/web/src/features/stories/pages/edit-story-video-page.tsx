import { paths } from '@/config/paths';
import { EditStoryScreen } from '../components/edit-story-screen';

export default function EditStoryVideoPage() {
  return (
    <EditStoryScreen
      kind="video"
      title="Story Management"
      description="Edit a story video or image."
      backTo={paths.storyVideos.getHref()}
    />
  );
}
