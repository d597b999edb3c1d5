import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { idempotencyMessages } from '@streamdesk/contract/idempotency';
import { brokenImageMessage } from '@streamdesk/contract/media-sniff';
import { shortcutMessages } from '@streamdesk/contract/shortcut-stories';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
import { UPLOAD_TICK_DELAY_MS } from '@/ui/upload-indicator';
import { emptyShortcutList } from '../test-shortcuts';

/**
 * The add form's image indicator says what is true: a picked image is only checked in the browser and
 * sent with Upload, so the marks never say 'Uploading' or 'Upload complete' before Upload is pressed,
 * and a refusal is said beside the picker.
 */

signedInScreenTests({ authStatus: 'signed-in' });

const READY = 'File checked: it is sent when you press Upload';
const png = () => new File([PNG], 'logo.png', { type: 'image/png' });

async function openForm(post: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const add = vi.fn(post);
  mockApi({ ...shell, 'GET /api/sortcut': emptyShortcutList, 'POST /api/sortcut': add });
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/add/story');
  const form = within(await screen.findByRole('form', { name: 'Add shortcut story' }, { timeout: 8000 }));
  const fill = async () => {
    await user.type(form.getByLabelText('Title'), 'Brand');
    await user.type(form.getByLabelText('Url'), 'https://brand.example');
  };
  return { add, user, form, fill, image: form.getByLabelText<HTMLInputElement>('Image') };
}

describe('Shortcut Story add form: the image indicator', { timeout: 20_000 }, () => {
  it('shows a picked image as checked and ready for Upload, never as uploaded, and sends nothing', async () => {
    const { add, user, form, image } = await openForm(() => jsonResponse({ status: true, message: 'ok' }));
    await user.upload(image, png());
    expect(form.getByRole('img', { name: 'Checking the file' })).toBeInTheDocument();
    expect(await form.findByRole('img', { name: READY }, { timeout: 3000 })).toBeInTheDocument();
    expect(form.queryByRole('img', { name: /Upload(ing| complete| failed)/ })).toBeNull();
    expect(image).not.toHaveAttribute('aria-invalid');
    // In words too, announced with the picker.
    expect(image).toHaveAccessibleDescription(
      'GIF or PNG, at most 1 MB. logo.png is checked and is sent when you press Upload.',
    );
    expect(add).not.toHaveBeenCalled();
  });

  it('says beside the picker why a picked image was refused, until the next pick', async () => {
    const { user, form, image } = await openForm(() => jsonResponse({ status: true, message: 'ok' }));
    await user.upload(image, new File(['x'], 'logo.jpg', { type: 'image/jpeg' }));
    expect(await form.findByRole('img', { name: 'File refused' })).toBeInTheDocument();
    expect(image).toHaveAccessibleDescription(expect.stringContaining(shortcutMessages.imageType));
    expect(form.queryByRole('img', { name: 'Upload failed' })).toBeNull();

    await user.upload(image, png());
    await waitFor(() => expect(image).not.toHaveAccessibleDescription(/Only GIF and PNG/));
    expect(form.queryByRole('img', { name: 'File refused' })).toBeNull();
  });

  it('says Upload without an image has none to send', async () => {
    const { user, form, fill, image } = await openForm(() => jsonResponse({ status: true, message: 'ok' }));
    await fill();
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('img', { name: 'File missing' })).toBeInTheDocument();
    expect(image).toHaveAccessibleDescription(expect.stringContaining(shortcutMessages.selectImage));
  });

  it('shows the upload itself once Upload is pressed: Uploading, then why the image failed', async () => {
    let answer: (r: Response) => void = () => {};
    const { add, user, form, fill, image } = await openForm(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await fill();
    await user.upload(image, png());
    await form.findByRole('img', { name: READY }, { timeout: 3000 });
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(add).toHaveBeenCalledOnce());
    expect(form.getByRole('img', { name: 'Uploading' })).toBeInTheDocument();
    const cutOff = brokenImageMessage('truncated', shortcutMessages.imageType);
    answer(jsonResponse({ status: false, message: cutOff }, 400));
    expect(await form.findByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    expect(image).toHaveAccessibleDescription(expect.stringContaining(cutOff));
  });

  it('keeps the image checked and ready when the server refuses the add for something else', async () => {
    // The same add sent before is still being saved (409).
    const taken = idempotencyMessages.stillSaving;
    const { add, user, form, fill, image } = await openForm(() =>
      jsonResponse({ status: false, message: taken }, 409),
    );
    await fill();
    await user.upload(image, png());
    await form.findByRole('img', { name: READY }, { timeout: 3000 });
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(add).toHaveBeenCalledOnce());
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(await form.findByRole('img', { name: READY }, { timeout: 3000 })).toBeInTheDocument();
    expect(form.queryByRole('img', { name: /Upload (complete|failed)/ })).toBeNull();
    expect(image).not.toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(image).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the spec's tick for the upload after its delay once the add has emptied the form, and Clear takes it away", async () => {
    const { add, user, form, fill, image } = await openForm(() =>
      jsonResponse({ status: true, message: shortcutMessages.added, data: {} }),
    );
    await fill();
    await user.upload(image, png());
    await form.findByRole('img', { name: READY }, { timeout: 3000 });
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(add).toHaveBeenCalledOnce());
    await waitFor(() => expect(form.getByLabelText('Title')).toHaveValue(''));
    expect(image).toHaveValue('');
    await new Promise((r) => setTimeout(r, UPLOAD_TICK_DELAY_MS + 100));
    expect(form.getByRole('img', { name: 'Upload complete' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Clear' }));
    expect(form.queryByRole('img')).toBeNull();
  });

  it('sends a Url typed without its scheme with https://, as the field said before Upload (issue 36)', async () => {
    const { add, user, form, image } = await openForm(() =>
      jsonResponse({ status: true, message: shortcutMessages.added, data: {} }),
    );
    await user.type(form.getByLabelText('Title'), 'Brand');
    await user.type(form.getByLabelText('Url'), 'brand.example/offer');
    expect(form.getByLabelText('Url')).toHaveAccessibleDescription('Saved as "https://brand.example/offer"');
    await user.upload(image, png());
    await form.findByRole('img', { name: READY }, { timeout: 3000 });
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(add).toHaveBeenCalledOnce());
    expect((add.mock.calls[0]![1].body as FormData).get('url')).toBe('https://brand.example/offer');
  });
});
