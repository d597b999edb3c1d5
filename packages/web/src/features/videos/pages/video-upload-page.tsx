import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { videoMessages } from '@streamdesk/contract/videos';
import { paths } from '@/config/paths';
import { videoTabs } from '@/config/section-tabs';
import { inputClass } from '@/ui/field';
import { useAskBeforeUnload } from '@/ui/leave-guard';
import { Button } from '@/ui/button';
import { PageHeader } from '@/ui/page-header';
import { Tabs } from '@/ui/tabs';
import { UploadProgressBar } from '@/ui/upload-progress-bar';
import { toastSuccess } from '@/ui/toast-success';
import { ApiCallError, failureMessage } from '@/lib/api-client';
import { UploadRefusedError, uploadFailureMessage } from '@/lib/upload';
import { useFailureToast } from '@/ui/use-failed-load-toast';
import { useUploadVideos, useVideoCategories } from '../api';
import { pickVideos, sizeInMb } from '../components/video-file-rules';
import { VideoPicker } from '../components/video-picker';
import { WEB_FEED_RULE, WebFeedNote } from '../components/web-feed-note';

export default function VideoUploadPage() {
  const categories = useVideoCategories();
  const upload = useUploadVideos();
  const [category, setCategory] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  /** How many videos the last batch stored: they start off the web feed, which the page says. */
  const [stored, setStored] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const categoryId = useId();
  useFailureToast(categories.isError ? videoMessages.categoriesFailed : '', categories.errorUpdatedAt);

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
      setFiles((before) => [...before, ...accepted]);
      setPercent(null);
    }
  };

  const uploading = upload.isPending;
  // Leaving or reloading the page would drop the batch on its way: the browser asks first. Moving
  // within the app is fine, the upload goes on.
  useAskBeforeUnload(uploading);

  /** A category deleted by another admin leaves the select, and the selection with it. */
  const reloadCategories = async () => {
    const fresh = await categories.refetch();
    if (fresh.data && !fresh.data.data.some((c) => c._id === category)) setCategory('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!category) return void toast.error(videoMessages.categoryRequired);
    if (!files.length) return void toast.error(videoMessages.videoRequired);
    const form = new FormData();
    form.append('category', category);
    for (const file of files) form.append('video', file, file.name);
    setPercent(0);
    setStored(0);
    try {
      const result = await upload.mutateAsync({ form, onProgress: (_l, _t, p) => setPercent(p) });
      setPercent(100);
      const partly = 'rejected' in result && result.rejected.length > 0;
      if (partly) toast.warning(result.message);
      else toastSuccess(videoMessages.uploaded);
      setStored(result.data.length);
      setFiles([]);
    } catch (error) {
      setPercent(null);
      // A refused batch (every file refused, or its category deleted meanwhile) says why; a refusal in
      // a 2xx reply says its message.
      toast.error(
        error instanceof ApiCallError
          ? failureMessage(error, videoMessages.uploadFailed)
          : uploadFailureMessage(error, videoMessages.uploadCrashed),
      );
      // 'Category not found': another admin deleted it since the list loaded.
      if (error instanceof UploadRefusedError && error.status === 404) await reloadCategories();
    }
  };

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

        {files.length > 0 && (
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-900">Selected videos ({files.length})</h2>
            <ul
              aria-label="Selected videos"
              className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200"
            >
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
                  <span className="tabular-nums text-slate-500">{sizeInMb(file.size)}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={uploading}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((before) => before.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}

        {percent !== null && (
          <UploadProgressBar
            percent={percent}
            label={uploading ? videoMessages.processing : 'Upload complete'}
          />
        )}

        <Button write="videos" type="submit" disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload Videos'}
        </Button>
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
