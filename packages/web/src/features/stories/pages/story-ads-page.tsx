import { storyTabs } from '@/config/section-tabs';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { StoryAddForm } from '../components/story-add-form';
import { StoryList } from '../components/story-list';

export default function StoryAdsPage() {
  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader title="Story Ads" description="Video, image and native (NTV) ads between the stories." />
      <StoryAddForm kind="ads" />
      <StoryList kind="ads" />
    </div>
  );
}
