import { useState, type FormEvent } from 'react';
import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { LIVE_AD_VALUE_MAX, type LiveAdMap } from '@streamdesk/contract/live-matches';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { liveMatchTabs } from '@/config/section-tabs';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { EmptyState } from '@/ui/empty-state';
import { TextField } from '@/ui/field';
import { useLeaveGuard } from '@/ui/leave-guard';
import { ActivityHistoryLink } from '@/ui/activity-history-link';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { liveAdsQuery, useSaveLiveAds } from '../api';
import { mapOf, newRow, rowsOf, sameRows, type FieldRow } from '../components/live-ad-fields';
import { failureMessage } from '@/lib/api-client';

/** The fields the editor was started from, the version they were read at and the map they came from. */
interface Base {
  rows: FieldRow[];
  version: string | undefined;
  from: LiveAdMap | undefined;
}

/**
 * Live Call Management: the live-call ad fields, edited as key/value pairs and saved all at once. The save
 * carries the version of the map the editor was started from; a background reload of the fields does not
 * change a draft under the admin. Refused because another admin saved the map since, the draft stays on
 * screen with an alert offering the reload (Save is held: it would be refused again). Leaving the screen
 * (a section tab, reload) with values not saved asks first.
 */
export default function LiveAdsPage() {
  const { data: reply, isPending, refetch } = useQuery(liveAdsQuery);
  useFailedLoadToast(reply);
  const save = useSaveLiveAds();
  const confirmUpdate = useConfirmUpdate();
  const current = reply?.status ? reply : undefined;
  const saved = current?.data;
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [base, setBase] = useState<Base>({ rows: [], version: undefined, from: undefined });
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const dirty = !sameRows(rows, base.rows);
  // Values not saved yet (a draft, or one a conflict refused) are not lost without a word.
  useLeaveGuard(dirty, 'the live call ad fields');

  const load = (map: LiveAdMap, version: string | undefined, from: LiveAdMap | undefined) => {
    const loaded = rowsOf(map);
    setRows(loaded);
    setBase({ rows: loaded, version, from });
  };
  // The server's fields go into the editor when they first arrive and when they are reloaded while the
  // admin has no draft (after a save, too); a draft keeps the version it was started from.
  if (saved && saved !== base.from && !dirty && !conflict) load(saved, current?.version, saved);

  const reload = () => {
    setReloading(true);
    void refetch()
      .then(({ data }) => {
        if (!data?.status) return;
        setConflict(undefined);
        load(data.data, data.version, data.data);
      })
      .finally(() => setReloading(false));
  };

  const change = (id: number, patch: Partial<FieldRow>) =>
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const send = (map: LiveAdMap) =>
    save.mutate(
      { map, version: base.version },
      {
        onSuccess: (result) => load(result.data, result.version, base.from),
        onError: (error) => {
          if (isEditConflict(failureMessage(error, ''))) setConflict(error.message);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = mapOf(rows);
    if ('problem' in checked) return void toast.error(checked.problem);
    // Only the right answer to the arithmetic confirmation sends the fields (doc 1 section 5).
    confirmUpdate.ask('the live call ad fields', () => send(checked.map));
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      {confirmUpdate.dialog}
      <PageHeader
        title="Live Call Management"
        description="Ad fields the app reads during a live match. Names use letters, digits and _."
        actions={<ActivityHistoryLink feature="live-matches" item="live-ads" />}
      />
      {isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !saved ? (
        <EmptyState title={LOAD_FAILED}>{reply?.message}</EmptyState>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Live call ad fields" className="space-y-3">
          {rows.length === 0 ? (
            <EmptyState title="No fields yet">Add a field, then save.</EmptyState>
          ) : (
            <ul className="space-y-2">
              {rows.map((row, index) => (
                <li
                  key={row.id}
                  className="grid gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,16rem)_1fr_auto] sm:items-end"
                >
                  <TextField
                    label={`Field name ${index + 1}`}
                    value={row.key}
                    maxLength={64}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(e) => change(row.id, { key: e.target.value })}
                  />
                  <TextField
                    label={`Value ${index + 1}`}
                    value={row.value}
                    maxLength={LIVE_AD_VALUE_MAX}
                    autoComplete="off"
                    onChange={(e) => change(row.id, { value: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`Remove field ${row.key || index + 1}`}
                    onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {conflict && (
            <EditConflictAlert
              message={conflict}
              note="Your values stay here until you reload."
              reloadLabel="Reload the fields"
              reloading={reloading}
              onReload={reload}
            />
          )}
          <div>
            <Button
              write="live-matches"
              variant="secondary"
              onClick={() => setRows((current) => [...current, newRow()])}
            >
              Add field
            </Button>
          </div>
          <FormActions>
            <Button
              variant="secondary"
              disabled={!dirty || save.isPending}
              onClick={() => setRows(base.rows)}
            >
              Discard changes
            </Button>
            {/* A refused save would be refused again: only after a reload can the fields be saved. */}
            <Button
              write="live-matches"
              type="submit"
              loading={save.isPending}
              disabled={!dirty || conflict !== undefined}
            >
              Save all
            </Button>
          </FormActions>
        </form>
      )}
    </div>
  );
}
