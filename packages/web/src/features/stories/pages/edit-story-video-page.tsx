import { paths } from '@/config/paths';
import { useReturnTo } from '@/ui/use-return-to-list';
import { EditStoryScreen } from '../components/edit-story-screen';

export default function EditStoryVideoPage() {
  // The list page the admin came from (its ?page=), else the list's first page.
  const backTo = useReturnTo(paths.storyVideos.getHref());
  return (
    <EditStoryScreen
      kind="video"
      title="Story Management"
      description="Edit a story video or image."
      backTo={backTo}
    />
  );
}
