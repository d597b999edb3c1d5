import { useLocation } from 'react-router';
import { storyTabs } from '@/config/section-tabs';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { StoryAddForm } from '../components/story-add-form';
import { StoryList } from '../components/story-list';

export default function StoryAdsPage() {
  const { key } = useLocation();
  return (
    <div className="space-y-4">
      <Tabs tabs={storyTabs} label="Story section" />
      <PageHeader title="Story Ads" description="Video, image and native (NTV) ads between the stories." />
      {/* A new location (the redirect after an add) starts the form and the list afresh. */}
      <StoryAddForm key={`form-${key}`} kind="ads" />
      <StoryList key={`list-${key}`} kind="ads" />
    </div>
  );
}
