import { useId, type RefObject } from 'react';
import { VIDEO_MAX_BYTES, VIDEO_MAX_FILES } from '@streamdesk/contract/videos';
import { Button } from '@/ui/button';
import { FileField } from '@/ui/field';

/** What the picker says the page's list holds. */
export const selectedVideosText = (count: number) =>
  count === 0 ? 'No videos selected' : `${count} ${count === 1 ? 'video' : 'videos'} selected`;

/**
 * The upload page's MP4 picker (doc 2, 'Video upload page'). The page keeps its own list of the chosen
 * videos (each pick adds to it and empties the input), so the browser's words beside a file input were
 * wrong: 'No file chosen' beside 'Selected videos (3)'. The input is visually hidden, keeping its label
 * for assistive technology and for tests that set files on it, and out of the tab order; the button opens
 * it, and the words beside the button say what the list holds (announced as they change).
 */
export function VideoPicker({
  inputRef,
  count,
  disabled,
  onPick,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  /** How many videos the page's list holds. */
  count: number;
  disabled: boolean;
  onPick: (files: FileList | null) => void;
}) {
  const id = useId();
  return (
    <FileField
      id={id}
      label="Videos (MP4)"
      ref={inputRef}
      multiple
      accept="video/mp4"
      disabled={disabled}
      // Seen and reached through the button instead.
      inputClassName="sr-only"
      tabIndex={-1}
      onChange={(e) => onPick(e.target.files)}
      hint={`MP4, at most ${VIDEO_MAX_BYTES / (1024 * 1024)} MB each, up to ${VIDEO_MAX_FILES} files.`}
      adornment={
        <>
          <Button
            variant="secondary"
            disabled={disabled}
            // The field's hint (Field names it after the input's id).
            aria-describedby={`${id}-hint`}
            onClick={() => inputRef.current?.click()}
          >
            {count === 0 ? 'Choose videos' : 'Add more videos'}
          </Button>
          <span role="status" className="text-sm text-slate-600">
            {selectedVideosText(count)}
          </span>
        </>
      }
    />
  );
}
