import { paths } from '@/config/paths';
import { useReturnTo } from '@/ui/use-return-to-list';
import { EditStoryScreen } from '../components/edit-story-screen';

export default function EditStoryAdPage() {
  // The list page the admin came from (its ?page=), else the list's first page.
  const backTo = useReturnTo(paths.storyAds.getHref());
  return (
    <EditStoryScreen
      kind="ads"
      title="Edit Story Ad"
      description="Edit a video, image or native story ad."
      backTo={backTo}
    />
  );
}
