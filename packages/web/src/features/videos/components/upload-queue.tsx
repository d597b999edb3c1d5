import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { Button } from '@/ui/button';
import type { BatchItem } from '../use-upload-batch';
import { sizeInMb } from './video-file-rules';

const percentOf = (item: BatchItem) =>
  item.file.size ? Math.min(100, Math.floor((item.sent / item.file.size) * 100)) : 100;

/** "2.4 MB/s", or nothing when not sending. */
const speedText = (item: BatchItem) =>
  item.state === 'sending' && item.speed > 0 ? `${sizeInMb(item.speed).replace(' MB', ' MB/s')}` : '';

/** What a row says of its file. */
function stateText(item: BatchItem): string {
  switch (item.state) {
    case 'ready':
      return item.previous ? videoUploadMessages.resumes : 'Ready';
    case 'waiting':
      return 'Waiting';
    case 'sending':
      return `${percentOf(item)}%`;
    case 'retrying':
      return videoUploadMessages.retrying;
    case 'paused':
      return `${videoUploadMessages.paused} at ${percentOf(item)}%`;
    case 'done':
      return 'Uploaded';
    case 'cancelled':
      return videoUploadMessages.cancelled;
    case 'failed':
      return item.message ?? videoUploadMessages.failed(item.file.name);
  }
}

/** Red for a failure the admin acts on; amber for a file waiting for the network, which goes on by itself. */
function tone(item: BatchItem): { bar: string; text: string } {
  if (item.state === 'failed' && item.offline)
    return { bar: 'bg-amber-500', text: 'font-medium text-amber-700' };
  if (item.state === 'failed') return { bar: 'bg-red-500', text: 'font-medium text-red-600' };
  return { bar: 'bg-brand-600', text: 'text-slate-600' };
}

interface Actions {
  remove(key: string): void;
  pause(key: string): void;
  resume(key: string): void;
  cancel(key: string): void;
  retry(key: string): void;
}

/** The row's buttons: what can be done to the file in its state. */
function RowActions({ item, actions, locked }: { item: BatchItem; actions: Actions; locked: boolean }) {
  const name = item.file.name;
  const button = (label: string, run: (key: string) => void) => (
    <Button variant="ghost" size="sm" aria-label={`${label} ${name}`} onClick={() => run(item.key)}>
      {label}
    </Button>
  );
  return (
    <span className="flex gap-1">
      {(item.state === 'sending' || item.state === 'retrying') && button('Pause', actions.pause)}
      {item.state === 'paused' && button('Resume', actions.resume)}
      {item.state === 'failed' && button('Retry', actions.retry)}
      {['waiting', 'sending', 'retrying', 'paused', 'failed'].includes(item.state) &&
        button('Cancel', actions.cancel)}
      {(item.state === 'ready' || item.state === 'cancelled') && !locked && button('Remove', actions.remove)}
    </span>
  );
}

/** The selected files, each with its own progress, speed and controls once the batch is sent. */
export function UploadQueue({
  items,
  actions,
  locked,
}: {
  items: BatchItem[];
  actions: Actions;
  /** A batch is on its way: the selection is not changed under it. */
  locked: boolean;
}) {
  return (
    <ul aria-label="Selected videos" className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
      {items.map((item) => (
        <li key={item.key} className="space-y-1.5 px-3 py-2 text-sm">
          <div className="flex items-center gap-3">
            <span className="min-w-0 flex-1 truncate text-slate-800">{item.file.name}</span>
            <span className="tabular-nums text-slate-500">{sizeInMb(item.file.size)}</span>
            <span className="w-20 text-right tabular-nums text-slate-500">{speedText(item)}</span>
            <RowActions item={item} actions={actions} locked={locked} />
          </div>
          {item.state !== 'ready' && (
            <div className="flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={`${item.file.name} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percentOf(item)}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className={`h-full rounded-full ${tone(item).bar}`}
                  style={{ width: `${percentOf(item)}%` }}
                />
              </div>
              <span className={`w-64 truncate text-xs ${tone(item).text}`} title={stateText(item)}>
                {stateText(item)}
              </span>
            </div>
          )}
          {item.state === 'ready' && item.previous && (
            <p className="text-xs text-brand-700">{stateText(item)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
