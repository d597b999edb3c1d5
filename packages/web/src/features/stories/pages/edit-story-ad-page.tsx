import { paths } from '@/config/paths';
import { EditStoryScreen } from '../components/edit-story-screen';

export default function EditStoryAdPage() {
  return (
    <EditStoryScreen
      kind="ads"
      title="Edit Story Ad"
      description="Edit a video, image or native story ad."
      backTo={paths.storyAds.getHref()}
    />
  );
}
