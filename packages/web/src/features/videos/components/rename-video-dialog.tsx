import { titleBody, videoMessages, type Video } from '@streamdesk/contract/videos';
import { useState, type FormEvent } from 'react';
import { failureMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { toastSuccess } from '@/ui/toast-success';
import { useRenameVideo } from '../api';

/** The library's Rename: a video's title, checked by the contract's rule before it is sent. */
export function RenameVideoDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()} title="Rename video">
      {/* Keyed: each video opens with its own title and no old error. */}
      {video && <RenameForm key={video._id} video={video} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ video, onClose }: { video: Video; onClose: () => void }) {
  const [title, setTitle] = useState(video.title);
  const [error, setError] = useState('');
  const rename = useRenameVideo();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = titleBody.shape.title.safeParse(title);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? videoMessages.titleRequired);
    try {
      await rename.mutateAsync({ id: video._id, title: checked.data });
      toastSuccess(videoMessages.titleUpdated);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure, videoMessages.renameFailed));
    }
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label="Title"
        value={title}
        error={error}
        hint={video.fileName ? `File: ${video.fileName}` : undefined}
        autoFocus
        onChange={(event) => {
          setTitle(event.target.value);
          setError('');
        }}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
