import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useSearchParams } from 'react-router';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_SEARCH_MIN,
  searchTooShort,
  type ActivityEntry,
} from '@streamdesk/contract/activity';
import { settingLabel } from '@streamdesk/contract/controller';
import { formatDateTime } from '@streamdesk/contract/format';
import { FEATURE_NAMES, FEATURES, type Feature } from '@streamdesk/contract/roles';
import { toast } from 'sonner';
import { failureMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { Table, TBody, Td, Th, THead, Tr } from '@/ui/data-table';
import { DateTimeField } from '@/ui/date-time-field';
import { inputClass, TextField } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';
import { ListTable, type ListColumn, pagedList } from '@/ui/list-table';
import { useMay } from '@/lib/access';
import { useRowsInSteps } from '@/ui/use-rows-in-steps';
import { useStartEnd } from '@/ui/use-start-end';
import { allEntries, useActivity, usePeople, useRevert, type ActivityFilters } from '../api';
import { activityCsv } from '../csv';

const PAGE_SIZE = 50;
const FILTERS = ['person', 'feature', 'action', 'item', 'from', 'to', 'q'] as const;
const COLUMNS: readonly ListColumn[] = [
  'When',
  'Person',
  // What was done (create, update...): words, not the row's buttons.
  { label: 'Action', buttons: false },
  'Feature',
  'Item',
  { label: 'Details', className: 'text-right', srOnly: true },
];

function filtersOf(params: URLSearchParams): ActivityFilters {
  const out: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out as ActivityFilters;
}

/** The activity log (owner, admins, analysts; ScreenAccess refuses editors): who changed what, when. */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useActivity(filters, page, PAGE_SIZE);
  const reply = activity.data?.status ? activity.data : undefined;
  const entries = reply?.data ?? [];
  // The first screen's rows first, the rest just after (useRowsInSteps): the page's 50 rows, each with its
  // Details button, were rendered and laid out before the first paint that showed any of them.
  const drawn = useRowsInSteps(entries.length);
  const [open, setOpen] = useState<ActivityEntry>();
  const [exporting, setExporting] = useState(false);

  const apply = (next: ActivityFilters) => {
    const search = new URLSearchParams();
    for (const name of FILTERS) if (next[name]) search.set(name, String(next[name]));
    setParams(search);
  };
  const goTo = (p: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(p));
    setParams(search);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = new Blob([activityCsv(await allEntries(filters))], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(failureMessage(error, 'Failed to export the activity'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Activity"
        description="Every change made in the back office: who made it, when, from where, and what it changed."
        actions={
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <Filters key={params.toString()} filters={filters} people={entries} onApply={apply} />
      <div className="mt-4">
        <ListTable
          caption="Activity"
          columns={COLUMNS}
          {...pagedList(activity, reply, {
            page,
            pageSize: PAGE_SIZE,
            things: ['entry', 'entries'],
            onPageChange: goTo,
          })}
          isEmpty={entries.length === 0}
          emptyText="No activity matches these filters."
        >
          {entries.slice(0, drawn).map((entry) => (
            <Tr key={entry._id}>
              <Td>{formatDateTime(entry.at)}</Td>
              <Td>
                <span className="font-medium text-slate-900">{entry.personName || 'Unknown'}</span>
                {entry.role && <span className="ml-1 text-xs text-slate-500">({entry.role})</span>}
              </Td>
              <Td>{entry.action}</Td>
              <Td>{featureWords(entry.feature)}</Td>
              <Td className="max-w-72 truncate" title={entry.label}>
                {entry.label || entry.itemId}
              </Td>
              <Td className="text-right">
                <Button size="sm" variant="secondary" onClick={() => setOpen(entry)}>
                  Details<span className="sr-only"> of {entry.label || entry.action}</span>
                </Button>
              </Td>
            </Tr>
          ))}
        </ListTable>
      </div>
      <EntryPanel entry={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

const searchHint = `At least ${ACTIVITY_SEARCH_MIN} characters`;
const searchShort = `Type at least ${ACTIVITY_SEARCH_MIN} characters to search`;

const featureWords = (feature: string) => FEATURES[feature as Feature] ?? feature;

function Filters({
  filters,
  people,
  onApply,
}: {
  filters: ActivityFilters;
  people: readonly ActivityEntry[];
  onApply: (filters: ActivityFilters) => void;
}) {
  // Everyone on the team (GET /api/admin/people: ids and names, which admins and analysts may read);
  // while it loads or if it fails, the people of the entries shown. The one filtered on is always there.
  const team = usePeople();
  const persons = new Map<string, string>();
  if (team.data?.status) for (const p of team.data.data) persons.set(p._id, p.name);
  for (const e of people)
    if (e.personId && !persons.has(e.personId)) persons.set(e.personId, e.personName || e.personId);
  if (filters.person && !persons.has(filters.person)) persons.set(filters.person, filters.person);

  const days = useStartEnd('date', { start: filters.from ?? '', end: filters.to ?? '' });
  const [searchError, setSearchError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // A text shorter than the search takes (0072), days typed that are not days, or a To before the From,
    // are said beside them; nothing is applied.
    const short = searchTooShort(String(data.get('q') ?? '').trim());
    setSearchError(short ? searchShort : undefined);
    if (!days.check() || short) return;
    const next: Record<string, string> = {};
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    onApply(next as ActivityFilters);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Filters"
      className="flex flex-wrap items-start gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Select label="Person" name="person" value={filters.person}>
        {[...persons].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </Select>
      <Select label="Feature" name="feature" value={filters.feature}>
        {FEATURE_NAMES.map((f) => (
          <option key={f} value={f}>
            {FEATURES[f]}
          </option>
        ))}
      </Select>
      <Select label="Action" name="action" value={filters.action}>
        {ACTIVITY_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </Select>
      <TextField label="Item id" name="item" defaultValue={filters.item ?? ''} className="w-56" />
      <DateTimeField
        label="From"
        calendarLabel="Pick the first day on a calendar"
        name="from"
        className="w-44"
        {...days.startField}
      />
      <DateTimeField
        label="To"
        calendarLabel="Pick the last day on a calendar"
        name="to"
        className="w-44"
        {...days.endField}
      />
      <TextField
        label="Search"
        name="q"
        type="search"
        defaultValue={filters.q ?? ''}
        hint={searchError ? undefined : searchHint}
        error={searchError}
        className="w-56"
      />
      <FormActions>
        <Button type="button" variant="secondary" onClick={() => onApply({})}>
          Clear filters
        </Button>
        <Button type="submit">Apply filters</Button>
      </FormActions>
    </form>
  );
}

function Select({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string | undefined;
  children: ReactNode;
}) {
  const id = `activity-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={`${inputClass} w-44`}>
        <option value="">All</option>
        {children}
      </select>
    </div>
  );
}

/**
 * A changed field as the screens name it: a controller setting as the Controller screen labels it (as its
 * version History does); other features' fields by their stored names (0031).
 */
const fieldName = (feature: string, field: string) =>
  feature === 'controller' ? settingLabel(field) : field;

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The side panel of one entry: who, when, from where, and each changed field before and after. */
function EntryPanel({ entry, onClose }: { entry: ActivityEntry | undefined; onClose: () => void }) {
  const mayRevert = useMay('activity', 'write');
  const revert = useRevert();
  const revertNow = (id: string) =>
    revert.mutate(id, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        onClose();
      },
    });
  return (
    <RadixDialog.Root open={entry !== undefined} onOpenChange={(o) => !o && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-[71] flex w-full max-w-xl flex-col overflow-y-auto bg-white p-5 shadow-xl"
        >
          {entry && (
            <>
              <RadixDialog.Title className="text-base font-semibold break-words text-slate-900">
                {entry.label || entry.action}
              </RadixDialog.Title>
              <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
                <Term name="When">{formatDateTime(entry.at)}</Term>
                <Term name="Person">
                  {entry.personName || 'Unknown'} {entry.role && `(${entry.role})`}
                </Term>
                <Term name="Action">{entry.action}</Term>
                <Term name="Feature">{featureWords(entry.feature)}</Term>
                <Term name="Item id">{entry.itemId || '—'}</Term>
                <Term name="IP">{entry.ip || '—'}</Term>
                <Term name="Device">{entry.userAgent || '—'}</Term>
              </dl>
              <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Changes</h3>
              {entry.changes.length === 0 ? (
                <p className="text-sm text-slate-500">No field values were recorded for this entry.</p>
              ) : (
                <Table caption="Changes">
                  <THead>
                    <Th>Field</Th>
                    <Th>Before</Th>
                    <Th>After</Th>
                  </THead>
                  <TBody>
                    {entry.changes.map((c) => (
                      <Tr key={c.field}>
                        <Td className="font-medium">{fieldName(entry.feature, c.field)}</Td>
                        <Td className="whitespace-normal break-all text-red-800">{shown(c.before)}</Td>
                        <Td className="whitespace-normal break-all text-emerald-800">{shown(c.after)}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
              <div className="mt-5 flex gap-2">
                {entry.revertable && mayRevert && (
                  <Button loading={revert.isPending} onClick={() => revertNow(entry._id)}>
                    Revert this change
                  </Button>
                )}
                <RadixDialog.Close asChild>
                  <Button variant="secondary">Close</Button>
                </RadixDialog.Close>
              </div>
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function Term({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{name}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}
