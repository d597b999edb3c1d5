import { LIVE_MATCH_IMAGE } from '@streamdesk/contract/live-matches';
import { FileField } from '@/ui/field';
import { REFUSED_PICK_LABELS, UploadIndicator } from '@/ui/upload-indicator';
import type { useCheckedFile } from '@/ui/use-checked-file';

/** A labelled PNG/GIF file input with its upload indicator, driven by `useCheckedFile`. */
export function ImageInput({
  label,
  picker,
  className,
}: {
  label: string;
  picker: ReturnType<typeof useCheckedFile>;
  className?: string;
}) {
  return (
    <FileField
      label={label}
      className={className}
      ref={picker.inputRef}
      accept={LIVE_MATCH_IMAGE.accept}
      onChange={picker.pick}
      adornment={
        <UploadIndicator state={picker.state} labels={picker.problem ? REFUSED_PICK_LABELS : undefined} />
      }
    />
  );
}
