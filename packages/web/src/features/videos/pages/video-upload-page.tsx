import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { videoMessages } from '@streamdesk/contract/videos';
import { paths } from '@/config/paths';
import { videoTabs } from '@/config/section-tabs';
import { inputClass } from '@/ui/field';
import { useAskBeforeUnload } from '@/ui/leave-guard';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { UploadProgressBar } from '@/ui/upload-progress-bar';
import { toastSuccess } from '@/ui/toast-success';
import { useFailureToast } from '@/ui/use-failed-load-toast';
import { useInvalidateVideos, useVideoCategories } from '../api';
import { UploadQueue } from '../components/upload-queue';
import { pickVideos } from '../components/video-file-rules';
import { VideoPicker } from '../components/video-picker';
import { WEB_FEED_RULE, WebFeedNote } from '../components/web-feed-note';
import { useUploadBatch } from '../use-upload-batch';

export default function VideoUploadPage() {
  const categories = useVideoCategories();
  const invalidate = useInvalidateVideos();
  const [category, setCategory] = useState('');
  /** How many videos the last batch stored: they start off the web feed, which the page says. */
  const [stored, setStored] = useState(0);
  /** The last batch was all sent: its bar stays at 100% until the next pick. */
  const [complete, setComplete] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const categoryId = useId();
  useFailureToast(categories.isError ? videoMessages.categoriesFailed : '', categories.errorUpdatedAt);

  /** A category deleted by another admin leaves the select, and the selection with it. */
  const reloadCategories = async () => {
    const fresh = await categories.refetch();
    if (fresh.data && !fresh.data.data.some((c) => c._id === category)) setCategory('');
  };

  const batch = useUploadBatch((items) => {
    const done = items.filter((i) => i.state === 'done');
    const failed = items.filter((i) => i.state === 'failed');
    const sent = done.length + failed.length;
    if (done.length) void invalidate();
    setStored(done.length);
    setComplete(done.length > 0 && !failed.length);
    if (!sent) return;
    if (!failed.length) toastSuccess(videoMessages.uploaded);
    else if (done.length)
      toast.warning(
        [videoMessages.partlyUploaded(done.length, sent), ...failed.map((i) => i.message)].join(' '),
      );
    else toast.error(failed.map((i) => i.message).join(' ') || videoMessages.uploadFailed);
    // 'Category not found': another admin deleted it since the list loaded.
    if (failed.some((i) => i.message === videoMessages.categoryNotFound)) void reloadCategories();
    batch.clearDone();
  });
  const files = batch.items.map((i) => i.file);
  const uploading = batch.running;
  // Leaving or reloading the page stops the batch (it can resume once the files are picked again): the
  // browser asks first. A move within the app pauses it without a question (0068), as the Pause buttons
  // would: picked again here, each file goes on from where it stopped.
  useAskBeforeUnload(uploading);

  const choose = async (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (!list.length) return;
    const { accepted, problems } = await pickVideos(files, list);
    // One toast for the whole pick, each refused file on its line: a newer error toast replaces older ones.
    if (problems.length)
      toast.error(
        <ul>
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>,
      );
    if (accepted.length) {
      setComplete(false);
      await batch.add(accepted);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category) return void toast.error(videoMessages.categoryRequired);
    if (!batch.items.some((i) => i.state === 'ready' || i.state === 'failed'))
      return void toast.error(videoMessages.videoRequired);
    setStored(0);
    setComplete(false);
    batch.start(category);
  };

  const sending = batch.items.filter((i) => i.state !== 'ready' && i.state !== 'cancelled');
  const total = sending.reduce((sum, i) => sum + i.file.size, 0);
  const sentBytes = sending.reduce((sum, i) => sum + (i.state === 'done' ? i.file.size : i.sent), 0);
  const percent = sending.length
    ? total
      ? Math.floor((sentBytes / total) * 100)
      : 100
    : complete
      ? 100
      : null;

  return (
    <div className="space-y-4">
      <Tabs tabs={videoTabs} label="Video section" />
      <PageHeader title="Upload Videos" description="MP4 files, at most 200 MB each and 50 at a time." />
      <form
        onSubmit={submit}
        aria-label="Upload videos"
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={categoryId} className="block text-sm font-medium text-slate-700">
              Category <span className="text-red-600">*</span>
            </label>
            <select
              id={categoryId}
              aria-required="true"
              value={category}
              disabled={uploading}
              onChange={(e) => setCategory(e.target.value)}
              className={inputClass}
            >
              <option value="">Select a category</option>
              {(categories.data?.data ?? []).map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
            {categories.isError && (
              <p className="text-xs font-medium text-red-600">{videoMessages.categoriesFailed}</p>
            )}
            {categories.data?.status && categories.data.data.length === 0 && (
              // A first run: nothing to pick, so the page says what to do first and links there.
              <p className="text-xs text-slate-600">
                No categories yet.{' '}
                <Link to={paths.videoCategories.getHref()} className="font-medium text-brand-700 underline">
                  Add a category first
                </Link>
              </p>
            )}
          </div>
          <VideoPicker
            inputRef={fileInput}
            count={files.length}
            disabled={uploading}
            onPick={(chosen) => void choose(chosen)}
          />
        </div>

        {batch.items.length > 0 && (
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-900">
              Selected videos ({batch.items.length})
            </h2>
            <UploadQueue items={batch.items} actions={batch} locked={uploading} />
          </div>
        )}

        {percent !== null && (
          <UploadProgressBar
            percent={percent}
            label={
              uploading
                ? videoMessages.processing
                : complete
                  ? 'Upload complete'
                  : videoUploadMessages.stopped
            }
          />
        )}

        <FormActions>
          <Button write="videos" type="submit" disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload Videos'}
          </Button>
        </FormActions>
      </form>
      {stored > 0 && (
        <WebFeedNote>
          {stored === 1 ? '1 video is' : `${stored} videos are`} in the library, not yet on the web feed.{' '}
          {WEB_FEED_RULE}{' '}
          <Link to={paths.videoLibrary.getHref()} className="font-medium text-brand-700 underline">
            Enable them in the Video Library
          </Link>
        </WebFeedNote>
      )}
    </div>
  );
}
