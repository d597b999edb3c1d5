import { lazy, type ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { FEATURES, mayCall, refusal, ROLES, type Feature } from '@streamdesk/contract/roles';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/me-query';
import { FullPageLoader } from '@/ui/full-page-loader';
import { MessagePage, primaryLinkClass } from '@/ui/message-page';

// Its own chunk: only a person the owner requires to set up two-step sign-in ever sees it.
const TwoStepRequiredPage = lazy(() => import('@/features/account/pages/two-step-required-page'));

const featureOf = (handle: unknown): Feature | undefined => {
  const feature = (handle as { feature?: unknown } | undefined)?.feature;
  return typeof feature === 'string' && feature in FEATURES ? (feature as Feature) : undefined;
};

/** Whether every role may read the feature: its screen need not wait for the role to be known. */
const everyoneReads = (feature: Feature) => ROLES.every((role) => mayCall(role, feature, 'read'));

/**
 * The current screen, or a clear 403 page when the signed-in role may not read its feature (an admin
 * opening Team), or the two-step set-up when the owner requires it and the person has not set it up.
 * Until the role is known a screen every role may read shows at once; one some roles may not (Team, the
 * activity log) waits for it, as it would send its reads to be refused (a 403 logged for each, and at
 * times a toast of the refusal under the 403 page). Should the role not come, the screen shows.
 */
export function ScreenAccess({ children }: { children: ReactNode }) {
  const meQuery = useMe();
  const me = meQuery.data?.data;
  const role = me?.role;
  const feature = useMatches()
    .map((m) => featureOf(m.handle))
    .findLast(Boolean);
  if (me?.twoStepSetupRequired) return <TwoStepRequiredPage />;
  if (meQuery.isPending && feature && !everyoneReads(feature)) return <FullPageLoader />;
  if (role && feature && !mayCall(role, feature, 'read'))
    return (
      <MessagePage code="403" message={`${refusal(role, feature, 'read')}: ask the owner of the team.`}>
        <Link to={paths.home.getHref()} className={primaryLinkClass}>
          Go to the dashboard
        </Link>
      </MessagePage>
    );
  return children;
}
