import { useParams } from 'react-router';
import { isAdKind, type AdPlatform } from '@/config/paths';
import { adKindLabels, adPlatformTabs, androidAdTabs, iosAdTabs } from '@/config/section-tabs';
import { NotAvailableYet } from '@/ui/not-available-yet';
import { NotFound } from '@/ui/not-found';
import { Tabs } from '@/ui/tabs';

/** One generic screen for the six ad kinds of both platforms (ARCHITECTURE.md, `ad-units`). */
export function AdUnitsPage({ platform }: { platform: AdPlatform }) {
  const { kind } = useParams();
  if (!isAdKind(kind)) return <NotFound />;
  const platformTabs = adPlatformTabs.map((tab) => ({
    ...tab,
    active: tab.label === (platform === 'ios' ? 'Apple' : 'Android'),
  }));
  return (
    <div className="space-y-4">
      <Tabs tabs={platformTabs} label="Ad platform" variant="pills" />
      <Tabs tabs={platform === 'ios' ? iosAdTabs : androidAdTabs} label="Ad kinds" />
      <NotAvailableYet title={`${platform === 'ios' ? 'Apple' : 'Android'} · ${adKindLabels[kind]}`} />
    </div>
  );
}

export function AndroidAdUnitsPage() {
  return <AdUnitsPage platform="android" />;
}

export function IosAdUnitsPage() {
  return <AdUnitsPage platform="ios" />;
}
