import { storyTabs } from '@/config/section-tabs';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { StoryAddForm } from '../components/story-add-form';
import { StoryList } from '../components/story-list';
import { useOpenedAfreshKey } from '../components/use-redirect-after-save';

export default function StoryAdsPage() {
  const key = useOpenedAfreshKey();
  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader title="Story Ads" description="Video, image and native (NTV) ads between the stories." />
      {/* The redirect after an add starts the form and the list afresh; a page of the list does not. */}
      <StoryAddForm key={`form-${key}`} kind="ads" />
      <StoryList key={`list-${key}`} kind="ads" />
    </div>
  );
}
