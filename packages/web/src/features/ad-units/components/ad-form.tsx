import {
  adMessages,
  savedAdId,
  stripSpaces,
  type AdKind,
  type AdPlatform,
} from '@streamdesk/contract/ad-units';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { TextField } from '@/ui/field';
import { savedAsHint, strippedHint } from '@/ui/stripped-hint';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';
import { changedFrom } from '@/ui/use-form-leave-guard';
import { useAddAd } from '../api';
import { useSaveWithWarning } from './format-warning';

const empty = { a_name: '', a_id: '', a_description: '' };

/** The create form: all three fields required after trimming; spaces stripped from name and id. */
export function AdCreateForm({
  platform,
  kind,
  onClose,
}: {
  platform: AdPlatform;
  kind: AdKind;
  onClose: () => void;
}) {
  const [values, setValues] = useState(empty);
  const add = useAddAd(platform, kind);
  const { save, dialog } = useSaveWithWarning();
  const idLabel = kind === 'web' ? 'Ad URL' : 'Ad ID';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(values).some((v) => v.trim() === '')) {
      toast.error(adMessages.fillAll);
      return;
    }
    const body = {
      a_name: stripSpaces(values.a_name),
      a_id: savedAdId(kind, values.a_id),
      a_description: values.a_description.trim(),
    };
    void save(
      (force) => add.mutateAsync(force ? { ...body, force } : body),
      (outcome) => {
        if (outcome !== 'saved') return;
        setValues(empty);
        onClose();
      },
    );
  };

  const field = (name: keyof typeof empty) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form
      onSubmit={submit}
      aria-label="Add ad"
      className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3"
    >
      <TextField label="Ad Name" autoComplete="off" hint={strippedHint(values.a_name)} {...field('a_name')} />
      <TextField
        label={idLabel}
        autoComplete="off"
        hint={savedAsHint(values.a_id, savedAdId(kind, values.a_id))}
        placeholder={kind === 'web' ? 'https://' : 'ca-app-pub-0000000000000000/0000000000'}
        {...field('a_id')}
      />
      <TextField label="Description" autoComplete="off" {...field('a_description')} />
      <FormActions>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(empty);
            onClose();
          }}
        >
          Cancel
        </Button>
        <Button write="ad-units" type="submit" loading={add.isPending}>
          Submit
        </Button>
      </FormActions>
      {dialog}
      {/* Submitted or cancelled, the form empties and closes: nothing is left to lose. */}
      <UnsavedWorkGuard unsaved={changedFrom(values, empty)} what="the new ad" />
    </form>
  );
}
