import { useEffect, useState, type FormEvent } from 'react';
import { LIVE_AD_VALUE_MAX } from '@streamdesk/contract/live-matches';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { liveMatchTabs } from '@/config/section-tabs';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { TextField } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { liveAdsQuery, useSaveLiveAds } from '../api';
import { mapOf, newRow, rowsOf, sameRows, type FieldRow } from '../components/live-ad-fields';

/** Live Call Management: the live-call ad fields, edited as key/value pairs and saved all at once. */
export default function LiveAdsPage() {
  const { data: reply, isPending } = useQuery(liveAdsQuery);
  useFailedLoadToast(reply);
  const save = useSaveLiveAds();
  const confirmUpdate = useConfirmUpdate();
  const saved = reply?.status ? reply.data : undefined;
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [base, setBase] = useState<FieldRow[]>([]);

  // Load (and reload after a save) the server's fields into the editor.
  useEffect(() => {
    if (!saved) return;
    const loaded = rowsOf(saved);
    setRows(loaded);
    setBase(loaded);
  }, [saved]);

  const change = (id: number, patch: Partial<FieldRow>) =>
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const dirty = !sameRows(rows, base);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = mapOf(rows);
    if ('problem' in checked) return void toast.error(checked.problem);
    // Only the right answer to the arithmetic confirmation sends the fields (doc 1 section 5).
    confirmUpdate.ask('the live call ad fields', () => save.mutate(checked.map));
  };

  return (
    <div className="space-y-4">
      <Tabs tabs={liveMatchTabs} label="Live match section" />
      {confirmUpdate.dialog}
      <PageHeader
        title="Live Call Management"
        description="Ad fields the app reads during a live match. Names use letters, digits and _."
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
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => setRows((current) => [...current, newRow()])}>
              Add field
            </Button>
            <Button variant="ghost" disabled={!dirty || save.isPending} onClick={() => setRows(base)}>
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty} className="ml-auto">
              Save all
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
