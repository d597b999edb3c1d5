import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { mockApi, renderApp } from '@/test/render-app';
import { signedInApi as shell, signedInScreenTests } from '@/test/signed-in-screen';

/**
 * The upload page's picker says what is true: the page keeps its own list of the chosen videos, so
 * the browser's 'No file chosen' beside the file input is gone; a button opens the (visually hidden)
 * input, and the words beside it say what the list holds.
 */

const MP4_HEAD = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32];
const mp4 = (name: string) =>
  new File([new Uint8Array([...MP4_HEAD, ...new Array<number>(100).fill(0)])], name, { type: 'video/mp4' });

signedInScreenTests({ authStatus: 'signed-in' });
beforeEach(() => stubXhr());

async function openPage() {
  mockApi({
    ...shell,
    'GET /api/App/video/category': () =>
      Response.json({
        status: true,
        message: 'ok',
        data: [
          {
            _id: 'c1',
            name: 'Sports',
            main_image: '/media/video-categories/c1.png',
            status: true,
            total_products: 0,
            createdAt: '2026-11-21T06:00:00.000Z',
          },
        ],
      }),
  });
  const user = userEvent.setup();
  renderApp('/add/video');
  const form = within(await screen.findByRole('form', { name: 'Upload videos' }, { timeout: 8000 }));
  await form.findByRole('option', { name: 'Sports' });
  return { user, form, picker: form.getByLabelText<HTMLInputElement>('Videos (MP4)') };
}

describe('Video upload page: the picker', { timeout: 15_000 }, () => {
  it('is a button that opens the hidden input, from the mouse and the keyboard', async () => {
    const { user, form, picker } = await openPage();
    expect(form.getByRole('status')).toHaveTextContent('No videos selected');
    // The input keeps its label, but is neither seen nor in the tab order: the button stands for it.
    expect(picker).toHaveClass('sr-only');
    expect(picker).toHaveAttribute('tabindex', '-1');
    const open = vi.spyOn(picker, 'click').mockImplementation(() => {});
    const choose = form.getByRole('button', { name: 'Choose videos' });
    expect(choose).toHaveAccessibleDescription(/MP4, at most 200 MB each, up to 50 files/);
    await user.click(choose);
    expect(open).toHaveBeenCalledTimes(1);

    form.getByLabelText(/Category/).focus();
    await user.tab();
    expect(choose).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('says how many videos the list holds once three are picked, and offers to add more', async () => {
    const { user, form, picker } = await openPage();
    await user.upload(picker, [mp4('a.mp4'), mp4('b.mp4'), mp4('c.mp4')]);
    expect(await form.findByRole('heading', { name: 'Selected videos (3)' })).toBeInTheDocument();
    expect(form.getByRole('status')).toHaveTextContent('3 videos selected');
    expect(form.getByRole('button', { name: 'Add more videos' })).toBeEnabled();
    expect(form.queryByRole('button', { name: 'Choose videos' })).toBeNull();

    await user.click(form.getByRole('button', { name: 'Remove b.mp4' }));
    expect(form.getByRole('status')).toHaveTextContent('2 videos selected');
  });

  it('is held while the batch is on its way', async () => {
    const { user, form, picker } = await openPage();
    await user.upload(picker, [mp4('a.mp4')]);
    // Each file is checked (its first bytes read) before it is listed: wait for the list, as above.
    expect(await form.findByRole('heading', { name: 'Selected videos (1)' })).toBeInTheDocument();
    expect(form.getByRole('status')).toHaveTextContent('1 video selected');
    await user.selectOptions(form.getByLabelText(/Category/), 'c1');
    await user.click(form.getByRole('button', { name: 'Upload Videos' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    expect(form.getByRole('button', { name: 'Add more videos' })).toBeDisabled();
    expect(picker).toBeDisabled();
  });
});
