import { useState, type FormEvent } from 'react';
import { LIVE_MATCH_IMAGE, liveMatchMessages, liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { toast } from 'sonner';
import { ApiCallError } from '@/lib/api-client';
import { fileRefusals } from '@/lib/file-refusal';
import { reportZone, zonedInputToIso } from '@/lib/report-time';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { DateTimeField } from '@/ui/date-time-field';
import { TextField } from '@/ui/field';
import { useCheckedFile } from '@/ui/use-checked-file';
import { useAddLiveMatch } from '../api';
import { liveMatchImageProblem } from './image-check';
import { ImageInput } from './image-input';
import { liveMatchUrlProblem } from './url-check';
import { useOneAtATime } from '@/ui/use-one-at-a-time';
import { useStartEnd } from '@/ui/use-start-end';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';

const empty = { title: '', url: '', start: '', end: '' };
const imageRefusals = fileRefusals(liveMatchRoutes.add);

/**
 * Title, an http(s) URL and a PNG/GIF image, all required (doc 1 section 5, "Live match"), and optional
 * planned start and end (issue 34), entered as the wall clock of REPORT_TIME_ZONE.
 */
export function LiveMatchAddForm() {
  const add = useAddLiveMatch();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const planned = useStartEnd('dateTime', { start: '', end: '' }, { future: true });
  const [errors, setErrors] = useState<{ title?: string | undefined; url?: string | undefined }>({});
  const picker = useCheckedFile(liveMatchImageProblem, 'idle', LIVE_MATCH_IMAGE);
  const oneAtATime = useOneAtATime();
  // Added, the form empties: nothing is left to lose.
  const unsaved =
    picker.file !== null || changedFrom({ title, url, start: planned.start, end: planned.end }, empty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return oneAtATime(() => send());
  };

  const send = async () => {
    const found = {
      title: title.trim() ? undefined : liveMatchMessages.titleRequired,
      url: liveMatchUrlProblem(url),
    };
    setErrors(found);
    if (!planned.check() || found.title || found.url) return;
    const file = picker.file;
    if (!file) {
      toast.error(liveMatchMessages.selectImage);
      picker.setState('error');
      return;
    }
    const form = new FormData();
    form.append('title', title.trim());
    form.append('url', url.trim());
    form.append('image', file);
    if (planned.start) form.append('plannedStart', zonedInputToIso(planned.start));
    if (planned.end) form.append('plannedEnd', zonedInputToIso(planned.end));
    picker.sending();
    try {
      await add.mutateAsync(form);
    } catch (error) {
      // The mutation has said why; anything but a failed call (a bug) goes on up.
      if (!(error instanceof ApiCallError)) throw error;
      return void picker.failed(error, imageRefusals);
    }
    // The spec's tick after its delay, beside the emptied picker: the upload it names is done.
    picker.clear('success');
    setTitle('');
    setUrl('');
    planned.clear();
  };

  // One row from lg. At md a third of the form is narrower than the file picker's button and its
  // "No file chosen" (Chromium cut the text to "No…en" at 768 px), so the picker and Add take a second row.
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add live match"
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-2 md:items-start lg:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <UnsavedWorkGuard unsaved={unsaved} what="the new live match" />
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        maxLength={200}
      />
      <TextField
        label="URL"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        placeholder="https://"
        maxLength={2048}
      />
      <ImageInput label="Image (PNG or GIF)" picker={picker} />
      {/* A row of their own under the others (Add stays at the end of the first row from lg). */}
      <div className="grid gap-4 sm:grid-cols-2 md:col-span-2 lg:col-span-3">
        <DateTimeField
          label="Planned start (optional)"
          calendarLabel="Pick the planned start on a calendar"
          {...planned.startField}
          hint={`Turns active then by itself (${reportZone()})`}
        />
        <DateTimeField
          label="Planned end (optional)"
          calendarLabel="Pick the planned end on a calendar"
          {...planned.endField}
          hint="Turns inactive then by itself"
        />
      </div>
      <FormActions>
        <Button write="live-matches" type="submit" loading={add.isPending}>
          Add
        </Button>
      </FormActions>
    </form>
  );
}
