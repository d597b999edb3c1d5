import type { QueryKey } from '@tanstack/react-query';
import { formatDateTime } from '@streamdesk/contract/format';
import type { Feature } from '@streamdesk/contract/roles';
import type { VersionSummary } from '@streamdesk/contract/versions';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { loadFailure } from '@/lib/api-query';
import { Button } from '../button';
import { Table, TableMessageRow, TBody, Td, Th, THead, Tr } from '../data-table';
import { Dialog } from '../dialog';
import { inputClass } from '../field';
import { Pagination } from '../pagination';
import { useRollback, useVersion, useVersions, type VersionRoutes } from './version-api';

export interface HistoryProps {
  /** What the history is of, as the panel's title says it: "Controller", "Privacy Policy". */
  title: string;
  feature: Feature;
  routes: VersionRoutes;
  /** The query of the record's screen, reloaded after a rollback. */
  recordKey: QueryKey;
  /** A key's name as the screen labels it. */
  labelOf?: (key: string) => string;
}

/** The History button of a settings screen and its side panel: versions, a diff of any two, rollback. */
export function HistoryButton(props: HistoryProps) {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      {/* Small, as the Change log link beside it and every other header's History. */}
      <RadixDialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          History
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-[71] flex w-full max-w-3xl flex-col overflow-y-auto bg-white p-5 shadow-xl"
        >
          <div className="flex items-start justify-between gap-3">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">
              {props.title} history
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variant="secondary" size="sm">
                Close
              </Button>
            </RadixDialog.Close>
          </div>
          {open && <HistoryBody {...props} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const plain = (key: string) => key;

function changedText(v: VersionSummary, labelOf: (key: string) => string): string {
  if (v.source === 'initial') return 'Before history began';
  const keys = v.keys.map(labelOf).join(', ');
  if (v.source === 'rollback') return `Rolled back to version ${v.rolledBackTo}: ${keys}`;
  return v.source === 'schedule' ? `By schedule: ${keys}` : keys;
}

function HistoryBody({ feature, routes, recordKey, labelOf = plain }: HistoryProps) {
  const [page, setPage] = useState(1);
  const query = useVersions(routes, page);
  const reply = query.data?.status ? query.data : undefined;
  const failure = loadFailure(query);
  const versions = reply?.data ?? [];
  const newest = page === 1 ? versions[0]?.n : undefined;
  const [pair, setPair] = useState<{ from?: number; to?: number }>({});
  const from = pair.from ?? versions[1]?.n;
  const to = pair.to ?? versions[0]?.n;
  const [confirm, setConfirm] = useState<number>();
  const rollback = useRollback(routes, recordKey);

  return (
    <div className="mt-4 space-y-5">
      <Table caption="Versions">
        <THead>
          <Th>Version</Th>
          <Th>Who</Th>
          <Th>When</Th>
          <Th>Changed</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </THead>
        <TBody>
          {failure && <TableMessageRow colSpan={5}>{failure}</TableMessageRow>}
          {reply && versions.length === 0 && (
            <TableMessageRow colSpan={5}>No changes yet: the first change makes version 2.</TableMessageRow>
          )}
          {versions.map((v) => (
            <Tr key={v.n}>
              <Td className="font-medium">{v.n}</Td>
              <Td>{v.source === 'initial' ? '—' : v.personName || 'Unknown'}</Td>
              <Td>{formatDateTime(v.at)}</Td>
              <Td className="max-w-72 whitespace-normal">{changedText(v, labelOf)}</Td>
              <Td className="text-right">
                {v.n === newest ? (
                  <span className="text-xs font-medium text-emerald-700">Current</span>
                ) : (
                  <Button size="sm" variant="secondary" write={feature} onClick={() => setConfirm(v.n)}>
                    Roll back to this version<span className="sr-only"> (version {v.n})</span>
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {reply && reply.totalPage > 1 && (
        <Pagination page={page} totalPages={reply.totalPage} onPageChange={setPage} />
      )}

      {versions.length > 1 && (
        <section aria-labelledby="compare-versions" className="space-y-3">
          <h3 id="compare-versions" className="text-sm font-semibold text-slate-900">
            Compare two versions
          </h3>
          <div className="flex flex-wrap items-end gap-3">
            <VersionSelect
              label="Compare version"
              value={from}
              versions={versions}
              onChange={(n) => setPair({ from: n, to })}
            />
            <VersionSelect
              label="with version"
              value={to}
              versions={versions}
              onChange={(n) => setPair({ from, to: n })}
            />
          </div>
          <VersionDiff routes={routes} from={from} to={to} labelOf={labelOf} />
        </section>
      )}

      <Dialog
        open={confirm !== undefined}
        onOpenChange={(o) => !o && setConfirm(undefined)}
        title={`Roll back to version ${confirm}?`}
        description="Its values are written as a new version. Nothing in the history is removed."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(undefined)}>
            Cancel
          </Button>
          <Button
            write={feature}
            loading={rollback.isPending}
            onClick={() =>
              confirm !== undefined && rollback.mutate(confirm, { onSuccess: () => setConfirm(undefined) })
            }
          >
            Roll back
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number | undefined;
  versions: readonly VersionSummary[];
  onChange: (n: number) => void;
}) {
  const id = `version-${label.replace(/\s+/g, '-')}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        className={`${inputClass} w-44`}
      >
        {versions.map((v) => (
          <option key={v.n} value={v.n}>
            Version {v.n}
          </option>
        ))}
      </select>
    </div>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value || '(empty)'
      : JSON.stringify(value);

/** The keys whose values differ between two versions, side by side. */
function VersionDiff({
  routes,
  from,
  to,
  labelOf,
}: {
  routes: VersionRoutes;
  from: number | undefined;
  to: number | undefined;
  labelOf: (key: string) => string;
}) {
  const a = useVersion(routes, from);
  const b = useVersion(routes, to);
  const left = a.data?.status ? a.data.data.state : undefined;
  const right = b.data?.status ? b.data.data.state : undefined;
  const failure = loadFailure(a) ?? loadFailure(b);
  if (failure) return <p className="text-sm text-red-700">{failure}</p>;
  if (!left || !right) return null;
  const l = left as Record<string, unknown>;
  const r = right as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(l), ...Object.keys(r)])].filter(
    (k) => JSON.stringify(l[k]) !== JSON.stringify(r[k]),
  );
  if (keys.length === 0)
    return <p className="text-sm text-slate-600">These versions hold the same values.</p>;
  return (
    <Table caption={`Differences between version ${from} and version ${to}`}>
      <THead>
        <Th>Setting</Th>
        <Th>Version {from}</Th>
        <Th>Version {to}</Th>
      </THead>
      <TBody>
        {keys.map((k) => (
          <Tr key={k}>
            <Td className="font-medium">{labelOf(k)}</Td>
            <Td className="whitespace-normal break-all text-red-800">{shown(l[k])}</Td>
            <Td className="whitespace-normal break-all text-emerald-800">{shown(r[k])}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
