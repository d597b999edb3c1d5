import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isEditConflict } from '@streamdesk/contract/edit-versions';
import { categoryMessages, type VideoCategory } from '@streamdesk/contract/video-categories';
import { Button } from '@/ui/button';
import { FormActions } from '@/ui/form-actions';
import { EditConflictAlert } from '@/ui/edit-conflict-alert';
import { FileField, TextField } from '@/ui/field';
import { toastSuccess } from '@/ui/toast-success';
import { useFormLeaveGuard } from '@/ui/use-form-leave-guard';
import { useConfirmUpdate } from '@/ui/use-confirm-update';
import { useSaveCategory } from '../api';
import { imageProblem } from './category-image-rules';
import { RemoteImage } from '@/ui/remote-image';

interface CategoryFormProps {
  /** The category being edited, or null in add mode. */
  editing: VideoCategory | null;
  onDone: () => void;
  /** Reads the category being edited afresh and edits it from there (after an edit conflict). */
  onReload: () => Promise<void>;
}

/**
 * Add or edit a category: name, main image with preview and remove. An edit carries the version the row
 * had when Edit was pressed (a reload of the list meanwhile does not change it). Refused because another
 * admin changed the category since, the admin's values stay with an alert offering the reload, and the
 * update is held until then: it would be refused again (docs/decisions/0009-edit-conflicts.md).
 */
export function CategoryForm({ editing, onDone, onReload }: CategoryFormProps) {
  const save = useSaveCategory();
  const confirmUpdate = useConfirmUpdate({ wrongAnswerMessage: categoryMessages.wrongAnswer });
  const [name, setName] = useState('');
  // The name the form was put in (set with it, so a render between Edit and the effect compares alike).
  const [openedName, setOpenedName] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string>();
  const [reloading, setReloading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /**
   * The latest pick: the file once its check has accepted it (null when refused, or taken back). Add
   * waits for it and sends what it gives, rather than read `image`: pressed before the check had read
   * the file, Add warned 'Please upload main image' for the image just picked and sent nothing, and
   * pressed after the check but before the re-render, it read the `image` of the render before.
   */
  const latestPick = useRef<Promise<File | null> | null>(null);

  useEffect(() => {
    setName(editing?.name ?? '');
    setOpenedName(editing?.name ?? '');
    setImage(null);
    setPreview(editing?.main_image ?? null);
    setConflict(undefined);
    latestPick.current = null;
    if (fileInput.current) fileInput.current.value = '';
  }, [editing]);

  // A name typed or an image picked, not added or updated yet, is not lost without a word. Cancel and a
  // success put the form back to add mode, empty: nothing is left to lose.
  useFormLeaveGuard(editing ? `the category "${editing.name}"` : 'the new category', {
    values: { name },
    opened: { name: openedName },
    picked: image !== null,
  });

  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const clearImage = () => {
    latestPick.current = null;
    setImage(null);
    // An edit without a new image keeps the stored one: the preview shows it again, not nothing.
    setPreview(editing?.main_image ?? null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    const check: Promise<File | null> = imageProblem(file).then((problem) => {
      // Only the latest pick counts.
      if (latestPick.current !== check) return null;
      if (problem) {
        toast.error(problem);
        if (fileInput.current) fileInput.current.value = '';
        return null;
      }
      setImage(file);
      return file;
    });
    latestPick.current = check;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const picked = latestPick.current ? await latestPick.current : null;
    if (!name.trim()) {
      toast.warning(categoryMessages.nameRequired);
      return;
    }
    if (!editing && !picked) {
      toast.warning(categoryMessages.imageRequired);
      return;
    }
    // An edit is sent only after the right answer to the arithmetic confirmation; an add at once.
    if (editing) confirmUpdate.ask(`the category "${editing.name}"`, () => send(picked));
    else send(picked);
  };

  const send = (picked: File | null) =>
    save.mutate(
      { id: editing?._id, name: name.trim(), image: picked, version: editing?.version },
      {
        onSuccess: () => {
          toastSuccess(editing ? categoryMessages.updated : categoryMessages.added);
          clearImage();
          setName('');
          onDone();
        },
        onError: (error) => {
          if (isEditConflict(error.message)) setConflict(error.message);
        },
      },
    );

  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };

  return (
    <>
      {confirmUpdate.dialog}
      <form
        onSubmit={(event) => void submit(event)}
        aria-label={editing ? 'Edit category' : 'Add category'}
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 className="text-base font-semibold text-slate-900">
          {editing ? 'Edit Category' : 'Add Category'}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Category name"
            placeholder="e.g. Cricket"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
          <FileField
            label={
              <>Main image {editing && <span className="font-normal text-slate-500">(optional)</span>}</>
            }
            ref={fileInput}
            accept="image/png,image/gif,image/jpeg,image/jpg"
            onChange={(e) => pick(e.target.files?.[0])}
            hint="PNG, GIF, JPG or JPEG, at most 1 MB."
          />
        </div>
        {preview && (
          <div className="flex items-center gap-3">
            <RemoteImage
              src={preview}
              alt="Main image preview"
              className="size-20 rounded-md object-cover ring-1 ring-slate-200"
            />
            {image && (
              <Button variant="secondary" size="sm" onClick={clearImage}>
                Remove image
              </Button>
            )}
          </div>
        )}
        {editing && conflict && (
          <EditConflictAlert
            message={conflict}
            note="Your values stay here until you reload."
            reloadLabel="Reload the category"
            reloading={reloading}
            onReload={reload}
          />
        )}
        <FormActions>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
          {/* A refused edit would be refused again: only after a reload can it be sent. */}
          <Button
            write="video-categories"
            type="submit"
            loading={save.isPending}
            disabled={conflict !== undefined}
          >
            {editing ? 'Update Category' : 'Add Category'}
          </Button>
        </FormActions>
      </form>
    </>
  );
}
