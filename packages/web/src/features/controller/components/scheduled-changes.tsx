import {
  controllerDefaults,
  modeLabels,
  placementModes,
  settingLabel,
  type SettingName,
} from '@streamdesk/contract/controller';
import type { ControllerSchedule } from '@streamdesk/contract/controller-schedules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  isoToZonedInput,
  reportZone as zone,
  shownZonedTime as shownTime,
  zonedInputToIso,
} from '@/lib/report-time';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { stickyEndCell, Td, Tr } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { DateTimeField } from '@/ui/date-time-field';
import { inputClass, useFocusFirstInvalid } from '@/ui/field';
import { ListTable, listStates, type ListColumn } from '@/ui/list-table';
import { useStartEnd } from '@/ui/use-start-end';
import { controllerKey } from '../api';
import { useScheduleWrite, useSchedules } from '../schedules-api';
import { Section } from './section';

const SETTINGS = Object.keys(controllerDefaults) as SettingName[];
const COLUMNS: readonly ListColumn[] = [
  'Starts',
  'Ends',
  'Changes',
  'Status',
  'By',
  { label: 'Actions', srOnly: true },
];

function shownValue(name: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (name in placementModes && typeof value === 'string') return modeLabels[value] ?? value;
  return String(value);
}

/** A typed value as the setting holds it: switches on/off, numbers as numbers, the rest as text. */
function valueOf(name: SettingName, text: string): unknown {
  const kind = typeof controllerDefaults[name];
  if (kind === 'boolean') return text === 'true';
  if (kind === 'number') return text.trim() === '' ? '' : Number(text);
  return text;
}

const firstValue = (name: SettingName) => {
  const d = controllerDefaults[name];
  return typeof d === 'boolean' ? 'true' : name in placementModes ? String(d) : '';
};

const STATUS_WORDS: Record<ControllerSchedule['status'], string> = {
  upcoming: 'Upcoming',
  active: 'Applied, ends later',
  done: 'Done',
  cancelled: 'Cancelled',
  missed: 'Missed',
  failed: 'Failed',
};

/** The controller's scheduled changes: the list (edit and cancel upcoming ones) and the form. */
export function ScheduledChanges() {
  const query = useSchedules();
  const reply = query.data?.status ? query.data : undefined;
  const { save, cancel } = useScheduleWrite();
  const [editing, setEditing] = useState<ControllerSchedule>();
  const [formKey, setFormKey] = useState(0);
  const [cancelling, setCancelling] = useState<ControllerSchedule>();
  const schedules = reply?.data ?? [];
  // A start or end made by schedule changes the settings: the screen reloads them when a status moves.
  const statuses = schedules.map((s) => `${s._id}:${s.status}`).join();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(statuses);
  useEffect(() => {
    if (statuses === seen) return;
    setSeen(statuses);
    void queryClient.invalidateQueries({ queryKey: controllerKey, exact: true });
  }, [statuses, seen, queryClient]);

  return (
    <Section title="Scheduled Changes">
      <ListTable
        caption="Scheduled changes"
        columns={COLUMNS}
        {...listStates(query)}
        isEmpty={schedules.length === 0}
        emptyText="No scheduled changes."
      >
        {schedules.map((s) => (
          <Tr key={s._id}>
            <Td>{shownTime(s.startAt)}</Td>
            <Td>{shownTime(s.endAt)}</Td>
            <Td className="whitespace-normal">
              {Object.entries(s.changes)
                .map(([k, v]) => `${settingLabel(k)}: ${shownValue(k, v)}`)
                .join(', ')}
            </Td>
            <Td className="whitespace-normal">
              {STATUS_WORDS[s.status]}
              {s.note && <span className="block text-xs text-slate-500">{s.note}</span>}
            </Td>
            <Td>{s.personName || 'Unknown'}</Td>
            <Td className={`text-right whitespace-nowrap ${stickyEndCell}`}>
              {s.status === 'upcoming' && (
                <span className="inline-flex gap-2">
                  <Button size="sm" variant="secondary" write="controller" onClick={() => setEditing(s)}>
                    Edit<span className="sr-only"> the change at {shownTime(s.startAt)}</span>
                  </Button>
                  <Button size="sm" variant="secondary" write="controller" onClick={() => setCancelling(s)}>
                    Cancel<span className="sr-only"> the change at {shownTime(s.startAt)}</span>
                  </Button>
                </span>
              )}
            </Td>
          </Tr>
        ))}
      </ListTable>
      <p className="text-xs text-slate-500">Times are in {zone()}.</p>

      <ScheduleForm
        key={editing?._id ?? `new-${formKey}`}
        editing={editing}
        saving={save.isPending}
        onCancelEdit={() => setEditing(undefined)}
        onSave={(body) =>
          save.mutate(
            { id: editing?._id, body },
            {
              onSuccess: () => {
                setEditing(undefined);
                setFormKey((k) => k + 1);
              },
            },
          )
        }
      />

      <Dialog
        open={cancelling !== undefined}
        onOpenChange={(o) => !o && setCancelling(undefined)}
        title="Cancel this scheduled change?"
        description={
          cancelling ? `The change at ${shownTime(cancelling.startAt)} will not be made.` : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setCancelling(undefined)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            write="controller"
            loading={cancel.isPending}
            onClick={() =>
              cancelling && cancel.mutate(cancelling._id, { onSuccess: () => setCancelling(undefined) })
            }
          >
            Cancel the change
          </Button>
        </div>
      </Dialog>
    </Section>
  );
}

function ScheduleForm({
  editing,
  saving,
  onSave,
  onCancelEdit,
}: {
  editing: ControllerSchedule | undefined;
  saving: boolean;
  onSave: (body: { changes: Record<string, unknown>; startAt: string; endAt: string | null }) => void;
  onCancelEdit: () => void;
}) {
  const [changes, setChanges] = useState<Record<string, unknown>>(editing?.changes ?? {});
  const [name, setName] = useState<SettingName>('maintenance');
  const [value, setValue] = useState(firstValue('maintenance'));
  const when = useStartEnd(
    'dateTime',
    {
      start: editing ? isoToZonedInput(editing.startAt) : '',
      end: editing?.endAt ? isoToZonedInput(editing.endAt) : '',
    },
    { future: true },
  );
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();

  const addChange = () => setChanges((c) => ({ ...c, [name]: valueOf(name, value) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(changes).length === 0) return void toast.error('Add at least one setting to change');
    if (!when.check('Choose when the change starts')) return focusFirstInvalid();
    onSave({
      changes,
      startAt: zonedInputToIso(when.start),
      endAt: when.end ? zonedInputToIso(when.end) : null,
    });
  };
  const id = useId();
  const modes = (placementModes as Record<string, readonly string[]>)[name];
  const kind = typeof controllerDefaults[name];

  return (
    <form
      ref={ref}
      noValidate
      aria-label={editing ? 'Edit the scheduled change' : 'Schedule a change'}
      onSubmit={submit}
      className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200"
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {editing ? 'Edit the scheduled change' : 'Schedule a change'}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-setting`} className="block text-sm font-medium text-slate-700">
            Setting
          </label>
          <select
            id={`${id}-setting`}
            value={name}
            onChange={(e) => {
              const next = e.target.value as SettingName;
              setName(next);
              setValue(firstValue(next));
            }}
            className={`${inputClass} w-56`}
          >
            {SETTINGS.map((s) => (
              <option key={s} value={s}>
                {settingLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-value`} className="block text-sm font-medium text-slate-700">
            Value
          </label>
          {kind === 'boolean' || modes ? (
            <select
              id={`${id}-value`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={`${inputClass} w-44`}
            >
              {(modes ?? ['true', 'false']).map((m) => (
                <option key={m} value={m}>
                  {modes ? (modeLabels[m] ?? m) : m === 'true' ? 'On' : 'Off'}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-value`}
              type={kind === 'number' ? 'number' : 'text'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={`${inputClass} w-56`}
            />
          )}
        </div>
        <Button variant="secondary" onClick={addChange}>
          Add setting
        </Button>
      </div>
      {Object.keys(changes).length > 0 && (
        <ul aria-label="Chosen changes" className="flex flex-wrap gap-2">
          {Object.entries(changes).map(([k, v]) => (
            <li key={k} className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-1 text-sm">
              {settingLabel(k)}: {shownValue(k, v)}
              <button
                type="button"
                className="ml-1 text-slate-500 hover:text-red-700"
                aria-label={`Remove ${settingLabel(k)}`}
                onClick={() =>
                  setChanges((c) => Object.fromEntries(Object.entries(c).filter(([key]) => key !== k)))
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-start gap-3">
        <DateTimeField
          label="Starts at"
          calendarLabel="Pick the start on a calendar"
          className="w-56"
          {...when.startField}
        />
        <DateTimeField
          label="Ends at (optional)"
          calendarLabel="Pick the end on a calendar"
          className="w-56"
          {...when.endField}
        />
      </div>
      <FormActions>
        {editing && (
          <Button variant="secondary" onClick={onCancelEdit}>
            Stop editing
          </Button>
        )}
        <Button type="submit" write="controller" loading={saving}>
          {editing ? 'Save the change' : 'Schedule'}
        </Button>
      </FormActions>
    </form>
  );
}
