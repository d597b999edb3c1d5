import {
  adMessages,
  adPageTitle,
  type AdPage,
  type AdPlatform,
  type DayRange,
} from '@streamdesk/contract/ad-units';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { loadFailure } from '@/lib/api-query';
import { Button } from '@/ui/button';
import { ConfirmMathDialog } from '@/ui/confirm-math-dialog';
import { TextField } from '@/ui/field';
import { ListTable } from '@/ui/list-table';
import { PageHeader } from '@/ui/page-header';
import { DraftScope, useRowInEdit } from '@/ui/ask-before-dropping';
import { adListQuery, adRowsOf, useClearWebAdClicks, useDeleteAd, type AdRow as Ad } from '../api';
import { useClickGains } from '../click-diff';
import { useRangeParam } from '../use-range-param';
import { AdCreateForm } from './ad-form';
import { AdRow } from './ad-row';
import { RangeBar } from './range-bar';

type Confirm = { kind: 'clear'; ad?: Ad } | { kind: 'delete'; ad: Ad };

const matches = (ad: Ad, q: string) =>
  [ad.a_name, ad.a_id, ad.a_description].some((v) => v.toLowerCase().includes(q));

/** One ad kind of one platform: add toggle, search, table with inline edit; web kinds add clicks. */
export function AdUnitsScreen({ platform, page }: { platform: AdPlatform; page: AdPage }) {
  const web = page.kind === 'web';
  const [formOpen, setFormOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useRangeParam();
  const range: DayRange = { startDate: selection.startDate, endDate: selection.endDate };
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // One row in edit at a time, as on every inline-edited list (issue 36): Edit on another row ends it,
  // asking first while it holds a change.
  const rows = useRowInEdit();
  const list = useQuery(adListQuery(platform, page.kind, web ? range : undefined));
  const ads = list.data ? adRowsOf(list.data) : undefined;
  const gains = useClickGains(web && platform === 'ios', range, ads);
  const clear = useClearWebAdClicks(platform);
  const remove = useDeleteAd(platform, page.kind);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (ads ?? []).filter((ad) => !q || matches(ad, q));
  }, [ads, search]);

  // A list that never came (a network failure, after the retry) is not an empty one: 'No ads yet.' would
  // send the admin to add ads that are there. Shown in the table only (doc 2 section 8: logged, no toast).
  const failed = loadFailure(list);
  const idLabel = web ? 'Ad URL' : 'Ad ID';
  const columns = ['No', 'Ad Name', idLabel, 'Ad Description', ...(web ? ['Click'] : []), 'Actions'];

  const onConfirmed = () => {
    const action = confirm;
    setConfirm(null);
    if (!action) return;
    if (action.kind === 'delete') remove.mutate(action.ad._id);
    else if (action.ad) clear.mutate({ id: action.ad._id, range });
    else clear.mutate({ ids: (ads ?? []).map((a) => a._id), range });
  };

  const clearAll = () => {
    if (!ads || ads.length === 0) {
      toast.error(adMessages.notAvailable);
      return;
    }
    setConfirm({ kind: 'clear' });
  };

  // A clear removes the dashboard's views with the clicks (0014-ad-units.md); a delete keeps them in the
  // trash with the ad (0053).
  const period = `from ${range.startDate} to ${range.endDate}`;
  const listed = ads?.length ?? 0;
  const thing =
    confirm?.kind === 'delete'
      ? `the ad ${confirm.ad.a_name}`
      : confirm?.ad
        ? `the views and clicks of ${confirm.ad.a_name} ${period}`
        : `the views and clicks of ${listed === 1 ? 'the 1 website ad' : `all ${listed} website ads`} ${period}`;

  return (
    <div className="space-y-4">
      <PageHeader
        title={adPageTitle(platform, page)}
        actions={
          <Button write="ad-units" aria-expanded={formOpen} onClick={() => setFormOpen((open) => !open)}>
            + Add {page.label} Ads
          </Button>
        }
      />
      {formOpen && <AdCreateForm platform={platform} kind={page.kind} onClose={() => setFormOpen(false)} />}
      {web && <RangeBar range={selection} onChange={setSelection} onClearAll={clearAll} />}
      <TextField
        label="Search"
        type="search"
        placeholder="Search Ads..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-sm"
      />
      <ListTable
        caption={adPageTitle(platform, page)}
        columns={columns}
        reply={list.data}
        failure={failed}
        onRetry={list.refetch}
        isPending={list.isPending}
        isEmpty={shown.length === 0}
        loadingText="Loading ads…"
        emptyText={search.trim() ? 'No ads match your search.' : 'No ads yet.'}
      >
        <DraftScope hold={rows.hold}>
          {shown.map((ad, i) => (
            <AdRow
              key={ad._id}
              platform={platform}
              kind={page.kind}
              ad={ad}
              number={i + 1}
              editing={rows.editingId === ad._id}
              onEditing={(on) => (on ? rows.edit(ad._id) : rows.done())}
              onDelete={(target: Ad) => setConfirm({ kind: 'delete', ad: target })}
              {...(web
                ? {
                    gain: gains[ad._id] ?? 0,
                    range: selection,
                    onClear: (target: Ad) => setConfirm({ kind: 'clear', ad: target }),
                  }
                : {})}
            />
          ))}
        </DraftScope>
      </ListTable>
      <ConfirmMathDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        thing={thing}
        wrongAnswerMessage={adMessages.captchaWrong}
        // A delete's red button says Delete, as on every list; clearing views and clicks keeps Confirm.
        {...(confirm?.kind === 'delete' ? { confirmLabel: 'Delete' } : {})}
        onConfirm={onConfirmed}
      />
      {rows.dialog}
    </div>
  );
}
