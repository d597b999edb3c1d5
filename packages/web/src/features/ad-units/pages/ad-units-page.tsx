import { adPages, type AdPlatform } from '@streamdesk/contract/ad-units';
import { useParams } from 'react-router';
import { adPlatformTabs, androidAdTabs, iosAdTabs } from '@/config/section-tabs';
import { NotFound } from '@/ui/not-found';
import { Tabs } from '@/ui/tabs';
import { AdUnitsScreen } from '../components/ad-units-screen';

/** One generic screen for the six ad kinds of both platforms (ARCHITECTURE.md, `ad-units`). */
export function AdUnitsPage({ platform }: { platform: AdPlatform }) {
  const { kind } = useParams();
  const page = adPages.find((p) => p.slug === kind);
  if (!page) return <NotFound />;
  const platformTabs = adPlatformTabs.map((tab) => ({
    ...tab,
    active: tab.label === (platform === 'ios' ? 'Apple' : 'Android'),
  }));
  return (
    <div className="space-y-4">
      <Tabs tabs={platformTabs} label="Ad platform" variant="pills" />
      <Tabs tabs={platform === 'ios' ? iosAdTabs : androidAdTabs} label="Ad kinds" />
      {/* Keyed so a kind or platform change starts with a closed form, no search and today's range. */}
      <AdUnitsScreen key={`${platform}-${page.slug}`} platform={platform} page={page} />
    </div>
  );
}

export function AndroidAdUnitsPage() {
  return <AdUnitsPage platform="android" />;
}

export function IosAdUnitsPage() {
  return <AdUnitsPage platform="ios" />;
}
