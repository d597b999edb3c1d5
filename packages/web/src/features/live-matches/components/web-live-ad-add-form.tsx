import { useState, type FormEvent } from 'react';
import { isLiveMatchUrl, webLiveAdMessages } from '@streamdesk/contract/live-matches';
import { stripSpaces } from '@streamdesk/contract/http';
import { toast } from 'sonner';
import { unlessFailed } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { TextField } from '@/ui/field';
import { strippedHint } from '@/ui/stripped-hint';
import { useAddWebLiveAd } from '../api';
import { useOneAtATime } from '@/ui/use-one-at-a-time';
import { UnsavedWorkGuard } from '@/ui/unsaved-work-guard';

/** Name and URL, with their spaces removed before sending (doc 1 section 5), as each field says. */
export function WebLiveAdAddForm() {
  const add = useAddWebLiveAd();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const oneAtATime = useOneAtATime();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { a_name: stripSpaces(name), a_url: stripSpaces(url) };
    if (!body.a_name || !body.a_url) return void toast.error(webLiveAdMessages.fillAll);
    if (!isLiveMatchUrl(body.a_url)) return void toast.error(webLiveAdMessages.urlInvalid);
    return oneAtATime(async () => {
      if (!(await unlessFailed(add.mutateAsync(body)))) return;
      setName('');
      setUrl('');
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add website ad"
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[minmax(0,16rem)_1fr_auto] md:items-end"
    >
      {/* Added, the form empties: nothing is left to lose. */}
      <UnsavedWorkGuard unsaved={name !== '' || url !== ''} what="the new website ad" />
      <TextField
        label="Ad name"
        value={name}
        maxLength={64}
        hint={strippedHint(name)}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Ad URL"
        type="url"
        placeholder="https://"
        value={url}
        hint={strippedHint(url)}
        onChange={(e) => setUrl(e.target.value)}
      />
      <FormActions>
        <Button write="live-matches" type="submit" loading={add.isPending}>
          Add
        </Button>
      </FormActions>
    </form>
  );
}
