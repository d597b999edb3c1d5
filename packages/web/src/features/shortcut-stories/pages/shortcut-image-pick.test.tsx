import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shortcutMessages } from '@streamdesk/contract/shortcut-stories';
import { PNG } from '@/test/images';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';
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

  it('shows the upload itself once Upload is pressed: Uploading, then Upload complete, or why it failed', async () => {
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
    answer(jsonResponse({ status: false, message: 'The image file is cut off.' }, 400));
    expect(await form.findByRole('img', { name: 'Upload failed' })).toBeInTheDocument();
    expect(image).toHaveAccessibleDescription(expect.stringContaining('The image file is cut off.'));

    // Picked again, it is a pick again; sent and added, the tick is the upload's.
    await user.upload(image, png());
    await form.findByRole('img', { name: READY }, { timeout: 3000 });
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    answer(jsonResponse({ status: true, message: shortcutMessages.added, data: {} }));
    expect(await form.findByRole('img', { name: 'Upload complete' }, { timeout: 3000 })).toBeInTheDocument();
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
