import {
  STORY_LIMIT_TYPES,
  STORY_MAX_LIMIT,
  STORY_MAX_SECONDS,
  STORY_TEXT_MAX,
  storyImageRule,
  storyMessages,
  type StoryType,
} from '@streamdesk/contract/stories';
import { useId, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { toast } from 'sonner';
import { FileField, TextField } from '@/ui/field';
import { REFUSED_PICK_LABELS, UploadIndicator, type UploadState } from '@/ui/upload-indicator';
import { UploadProgressBar } from '@/ui/upload-progress-bar';
import { useWholeImageCheck } from '@/ui/use-whole-image-check';
import {
  acceptOf,
  fileProblem,
  limitKeyOf,
  limitLabelOf,
  limitWarning,
  type StoryFormErrors,
  type StoryFormValues,
} from './story-form';
import { SelectField } from '@/ui/select-field';

export interface StoryFieldsProps {
  values: StoryFormValues;
  onChange: (patch: Partial<StoryFormValues>) => void;
  /** The types offered, with their labels (NTV is 'NTV (Native Ads)' on add, 'Native' on edit). */
  types: readonly { value: StoryType; label: string }[];
  fileRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | undefined) => void;
  uploadState: UploadState;
  /** How much of the file has gone out (0-100), once an upload started. */
  uploadPercent?: number | undefined;
  onUploadState: (state: UploadState) => void;
  /**
   * The problems shown under the fields: those the form's check found, and under the picker why a file
   * was refused (a wrong or oversized pick, or none chosen).
   */
  errors: StoryFormErrors;
  setErrors: Dispatch<SetStateAction<StoryFormErrors>>;
  /** Label of the file input when a media already exists (edit). */
  replaceLabel?: string;
  buttonNameLabel?: string;
}

/** Type, Timing, button fields, Native Ad ID, file and Limit Settings of the story forms. */
export function StoryFields(props: StoryFieldsProps) {
  const { values: v, onChange, fileRef, onFile, errors, setErrors } = props;
  const ntv = v.type === 'NTV';
  const fileError = (message: string | undefined) => setErrors((e) => ({ ...e, file: message }));
  const whole = useWholeImageCheck(storyImageRule);
  // The cross of a pick refused here says "File refused", as the other pickers' do (0013); a send that
  // failed keeps "Upload failed".
  const [refused, setRefused] = useState(false);

  const refuse = (problem: string) => {
    // An invalid file is cleared and the error mark shows (doc 1 section 4).
    if (fileRef.current) fileRef.current.value = '';
    onFile(undefined);
    props.onUploadState('error');
    setRefused(true);
    fileError(problem);
    toast.error(problem);
  };

  const pick = (file: File | undefined) => {
    fileError(undefined);
    setRefused(false);
    const problem = file && fileProblem(v.type, file);
    // Only an image is read whole; a video's content is the server's to check (ffprobe).
    whole.check(file && !problem && v.type !== 'Video' ? file : null, refuse);
    if (!file) {
      onFile(undefined);
      props.onUploadState('idle');
      return;
    }
    if (problem) return refuse(problem);
    onFile(file);
    props.onUploadState('idle');
  };

  const changeType = (type: StoryType) => {
    whole.forget();
    setRefused(false);
    if (fileRef.current) fileRef.current.value = '';
    onFile(undefined);
    props.onUploadState('idle');
    // Another type asks for other fields: the problems found for the last one no longer apply.
    setErrors({});
    onChange({ type });
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Type"
        required
        value={v.type}
        onChange={(e) => changeType(e.target.value as StoryType)}
        options={props.types}
      />
      {ntv ? (
        <TextField
          label={storyMessages.ntvIdLabel}
          required
          maxLength={STORY_TEXT_MAX.NTV_ID}
          value={v.ntvId}
          error={errors.ntvId}
          onChange={(e) => onChange({ ntvId: e.target.value })}
        />
      ) : (
        <>
          <TextField
            label="Timing"
            type="number"
            min={0}
            max={STORY_MAX_SECONDS}
            step="any"
            required={v.type !== 'Video'}
            disabled={v.type === 'Video'}
            hint={
              v.type === 'Video'
                ? 'Videos play for their own length.'
                : `Seconds the story shows, at most ${STORY_MAX_SECONDS}.`
            }
            value={v.storyTime}
            error={errors.storyTime}
            onChange={(e) => onChange({ storyTime: e.target.value })}
          />
          <TextField
            label={props.buttonNameLabel ?? 'Button Name'}
            required
            maxLength={STORY_TEXT_MAX.btnName}
            value={v.btnName}
            error={errors.btnName}
            onChange={(e) => onChange({ btnName: e.target.value })}
          />
          <TextField
            label="Button URL"
            type="url"
            required
            placeholder="https://"
            maxLength={STORY_TEXT_MAX.btnUrl}
            value={v.btnUrl}
            error={errors.btnUrl}
            onChange={(e) => onChange({ btnUrl: e.target.value })}
          />
          <FileField
            label={
              props.replaceLabel ?? (v.type === 'Video' ? 'Video file (MP4)' : 'Image file (PNG, JPG, JPEG)')
            }
            ref={fileRef}
            accept={acceptOf(v.type)}
            hint={v.type === 'Video' ? 'MP4, at most 30 MB.' : 'PNG, JPG or JPEG, at most 1 MB.'}
            error={errors.file}
            onChange={(e) => pick(e.target.files?.[0])}
            adornment={
              <UploadIndicator
                state={props.uploadState}
                labels={refused && props.uploadState === 'error' ? REFUSED_PICK_LABELS : undefined}
              />
            }
          />
          <StoryUploadProgress state={props.uploadState} percent={props.uploadPercent} />
        </>
      )}
      <LimitSettings values={v} onChange={onChange} errors={errors} />
    </div>
  );
}

/** The file's upload while it goes out, then 100% once the story is saved; nothing otherwise. */
function StoryUploadProgress({ state, percent }: { state: UploadState; percent: number | undefined }) {
  if (percent === undefined || (state !== 'uploading' && state !== 'success')) return null;
  // After the last byte the server reads the file (a video is probed) before it answers.
  const label = state === 'success' ? 'Upload complete' : percent < 100 ? 'Uploading…' : 'Saving…';
  return (
    <div className="sm:col-span-2">
      <UploadProgressBar percent={state === 'success' ? 100 : percent} label={label} />
    </div>
  );
}

function LimitSettings({
  values: v,
  onChange,
  errors,
}: {
  values: StoryFormValues;
  onChange: (patch: Partial<StoryFormValues>) => void;
  errors: StoryFormErrors;
}) {
  const name = useId();
  const limitKey = limitKeyOf(v.limitType);
  const warning = limitWarning(v);
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">Limit Settings</legend>
      <div className="flex flex-wrap items-center gap-4">
        {STORY_LIMIT_TYPES.map((type) => (
          <label key={type} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="radio"
              name={name}
              value={type}
              checked={v.limitType === type}
              onChange={() => onChange({ limitType: type })}
              className="size-4 accent-brand-600"
            />
            {type}
          </label>
        ))}
      </div>
      {v.limitType !== 'None' && (
        <TextField
          key={limitKey}
          label={limitLabelOf(v.limitType)}
          type="number"
          min={0}
          max={STORY_MAX_LIMIT}
          step={1}
          className="max-w-xs"
          value={v[limitKey]}
          error={errors[limitKey]}
          // A limit on at 0 is reached at once: saved, but the app will not show the story.
          hint={warning && <span className="font-medium text-amber-700">{warning}</span>}
          onChange={(e) => onChange({ [limitKey]: e.target.value })}
        />
      )}
    </fieldset>
  );
}
