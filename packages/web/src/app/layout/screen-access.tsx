import { lazy, type ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { FEATURES, mayCall, refusal, type Feature } from '@streamdesk/contract/roles';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/me-query';
import { MessagePage, primaryLinkClass } from '@/ui/message-page';

// Its own chunk: only a person the owner requires to set up two-step sign-in ever sees it.
const TwoStepRequiredPage = lazy(() => import('@/features/account/pages/two-step-required-page'));

const featureOf = (handle: unknown): Feature | undefined => {
  const feature = (handle as { feature?: unknown } | undefined)?.feature;
  return typeof feature === 'string' && feature in FEATURES ? (feature as Feature) : undefined;
};

/**
 * The current screen, or a clear 403 page when the signed-in role may not read its feature (an admin
 * opening Team), or the two-step set-up when the owner requires it and the person has not set it up. Until the role is known the screen shows: its own reads are refused by the server anyway.
 */
export function ScreenAccess({ children }: { children: ReactNode }) {
  const me = useMe().data?.data;
  const role = me?.role;
  const feature = useMatches()
    .map((m) => featureOf(m.handle))
    .findLast(Boolean);
  if (me?.twoStepSetupRequired) return <TwoStepRequiredPage />;
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
