import { useQueryClient } from '@tanstack/react-query';
import { securityMessages } from '@streamdesk/contract/security';
import { meQuery } from '@/lib/me-query';
import { PageHeader } from '@/ui/page-header';
import { TwoStepSection } from '../components/two-step-section';

/**
 * Every screen, for a person the owner requires to set up two-step sign-in: the set-up, and nothing else
 * until it is done (the server refuses their other calls with the same words). Once they have saved
 * their recovery codes, `me` is asked again and the screen they opened shows.
 */
export default function TwoStepRequiredPage() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader title="Set up two-step sign-in" description={securityMessages.twoStepSetupRequired} />
      <TwoStepSection
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        onCodesSaved={() => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey })}
      />
    </>
  );
}
