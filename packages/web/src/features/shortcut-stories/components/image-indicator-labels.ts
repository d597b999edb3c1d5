import { REFUSED_PICK_LABELS, type UploadLabels } from '@/ui/upload-indicator';

/**
 * What the shortcut image's marks are called while the image is only picked. It is checked in the
 * browser (kind, size, read whole, as the server reads it) and sent only with the form, when the admin
 * presses `sendButton`: the spinner is the check and the tick says the file is ready, never that it was
 * uploaded. Why a file was refused is said beside it (the field's error, or the toast in a row).
 *
 * The names leave out the words of the fields' labels ('Image', 'No', ...): a page's label lookups would
 * find the mark too.
 */
export function pickedImageLabels(sendButton: string): UploadLabels {
  return {
    busy: 'Checking the file',
    done: `File checked: it is sent when you press ${sendButton}`,
    failed: REFUSED_PICK_LABELS.failed,
  };
}
