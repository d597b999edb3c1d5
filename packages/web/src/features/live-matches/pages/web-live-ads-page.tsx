import { useState } from 'react';
import { adsTypeOf, webLiveAdMessages, type WebLiveAd } from '@streamdesk/contract/live-matches';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { liveMatchTabs } from '@/config/section-tabs';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { useDeleteWebLiveAds, useFireAd, webLiveAdsQuery } from '../api';
import { ListTable } from '@/ui/list-table';
import { WebLiveAdAddForm } from '../components/web-live-ad-add-form';
import { webLiveAdColumns, WebLiveAdEditRow, WebLiveAdRow } from '../components/web-live-ad-row';
import { useInFlight } from '@/ui/use-in-flight';
import { DraftScope, useRowInEdit } from '@/ui/ask-before-dropping';

/** Ads Fire: website ads with add, inline edit, delete and Fire (doc 1 sections 2, 3, 5). */
export default function WebLiveAdsPage() {
  const { data: reply, isPending, refetch } = useQuery(webLiveAdsQuery);
  // One row in edit; Edit on another asks while it holds a change.
  const rows = useRowInEdit();
  const [deleting, setDeleting] = useState<WebLiveAd | null>(null);
  const remove = useDeleteWebLiveAds();
  const fire = useFireAd();
  // Per row: one mutation's variables name only its latest call, and a second Fire of one ad while the
  // first is in flight would push it to the app twice.
  const firing = useInFlight();
  const removing = useInFlight();
  /**
   * Runs a row's action. A failed call is its mutation's to say (onError), anything else thrown the
   * mutation cache's (it opens /Error).
   */
  const rowAction = (ids: ReturnType<typeof useInFlight>, id: string, work: () => Promise<unknown>) =>
    void ids.run(id, work).catch(() => undefined);
  const ads = reply?.status ? reply.data : undefined;

  const fireAd = (ad: WebLiveAd) => {
    const name = ad.a_name.trim();
    if (!name) return void toast.error(webLiveAdMessages.fireNameRequired);
    rowAction(firing, ad._id, () =>
      fire.mutateAsync({ Adstype: adsTypeOf(name), a_name: name, url: ad.a_url }),
    );
  };

  // The dialog closes before the call, as every delete does: a second press cannot send it twice.
  const confirmDelete = () => {
    if (!deleting) return;
    const { _id: id } = deleting;
    setDeleting(null);
    rowAction(removing, id, () => remove.mutateAsync([id]));
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      <PageHeader
        title="Ads Fire"
        description="Fire an ad to every app watching a live match. Open_Ads_Fire and NTV_Ads_Fire have no URL."
      />
      <WebLiveAdAddForm />
      <ListTable
        caption="Website ads"
        columns={webLiveAdColumns}
        reply={reply}
        onRetry={refetch}
        isPending={isPending}
        isEmpty={ads?.length === 0}
        emptyText="No website ads yet."
      >
        <DraftScope hold={rows.hold}>
          {ads?.map((ad) =>
            ad._id === rows.editingId ? (
              <WebLiveAdEditRow key={ad._id} ad={ad} onDone={rows.done} />
            ) : (
              <WebLiveAdRow
                key={ad._id}
                ad={ad}
                firing={firing.has(ad._id)}
                deleting={removing.has(ad._id)}
                onFire={() => fireAd(ad)}
                onEdit={() => rows.edit(ad._id)}
                onDelete={() => setDeleting(ad)}
              />
            ),
          )}
        </DraftScope>
      </ListTable>
      {rows.dialog}
      <ConfirmMathDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        thing={deleting ? `Ad "${deleting.a_name}"` : 'Ad'}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
