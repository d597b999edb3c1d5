import { useState, type FormEvent } from 'react';
import { isLiveMatchUrl, squeeze, webLiveAdMessages } from '@streamdesk/contract/live-matches';
import { toast } from 'sonner';
import { unlessFailed } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { useAddWebLiveAd } from '../api';
import { useOneAtATime } from '@/ui/use-one-at-a-time';

/** Name and URL, trimmed and with their spaces removed before sending (doc 1 section 5). */
export function WebLiveAdAddForm() {
  const add = useAddWebLiveAd();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const oneAtATime = useOneAtATime();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { a_name: squeeze(name), a_url: squeeze(url) };
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
      <TextField label="Ad name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Ad URL"
        type="url"
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <Button write="live-matches" type="submit" loading={add.isPending}>
        Add
      </Button>
    </form>
  );
}
