import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, nth, stubXhr } from '@/test/fake-xhr';
import * as resumable from './resumable-upload';
import { unfinishedUpload } from './resumable-upload';
import { useUploadBatch } from './use-upload-batch';

const SIZE = 1000;
const file = () => new File([new Uint8Array(SIZE)], 'a.mp4', { type: 'video/mp4', lastModified: 1 });
/** Lets tus-js-client's promises and zero-delay timers run. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 20)));

/**
 * The upload page's batch with `file()` created as u1 on the server, its PATCH under way with `sent` bytes
 * out; `told` hears every event the upload gives the batch.
 */
async function sending(sent: number) {
  const told = vi.fn();
  const real = resumable.resumableUpload;
  const heard =
    <A extends unknown[]>(name: string, event: (...args: A) => void) =>
    (...args: A) => {
      told(name, ...args);
      event(...args);
    };
  vi.spyOn(resumable, 'resumableUpload').mockImplementation((file, category, events, previous) =>
    real(
      file,
      category,
      {
        onProgress: heard('onProgress', events.onProgress),
        onRetrying: heard('onRetrying', events.onRetrying),
        onDone: heard('onDone', events.onDone),
        onFailed: heard('onFailed', events.onFailed),
      },
      previous,
    ),
  );
  const batch = renderHook(() => useUploadBatch(() => undefined));
  await act(() => batch.result.current.add([file()]));
  act(() => batch.result.current.start('c1'));
  const post = await nth('POST');
  act(() => post.respond(201, '', { location: '/api/App/video/uploads/u1' }));
  const patch = await nth('PATCH');
  act(() => patch.upload.onprogress?.({ lengthComputable: true, loaded: sent }));
  expect(batch.result.current.items[0]).toMatchObject({ state: 'sending', sent });
  expect(told).toHaveBeenLastCalledWith('onProgress', sent, SIZE);
  return { batch, patch, told };
}

beforeEach(() => {
  stubXhr();
  localStorage.clear();
});

describe('The upload batch when its page goes', () => {
  it('pauses a file on its way: the PATCH stops, the server is not told to drop it, and the file resumes', async () => {
    const { batch, patch } = await sending(400);
    batch.unmount();
    expect(patch.aborted).toBe(true);
    await settle();
    // Paused, not cancelled (no DELETE) nor tried again (no HEAD): the server keeps its 400 bytes.
    expect(FakeXhr.made.map((x) => x.method)).toEqual(['POST', 'PATCH']);
    // The same file picked again on the page goes on from the upload the server holds.
    expect((await unfinishedUpload(file()))?.uploadUrl).toMatch(/\/api\/App\/video\/uploads\/u1$/);
  });

  it('hears nothing more from the upload after the page went', async () => {
    const { batch, patch, told } = await sending(400);
    batch.unmount();
    told.mockClear();
    // A late progress event, the answer, then a dropped connection: none reaches the batch's state.
    act(() => patch.upload.onprogress?.({ lengthComputable: true, loaded: 700 }));
    act(() =>
      patch.respond(200, JSON.stringify({ status: true, data: [] }), { 'upload-offset': String(SIZE) }),
    );
    act(() => patch.fail());
    await settle();
    expect(told).not.toHaveBeenCalled();
  });

  it("leaves a file whose every byte is out to get its answer, which forgets the server's upload", async () => {
    const { batch, patch, told } = await sending(SIZE);
    batch.unmount();
    told.mockClear();
    expect(patch.aborted).toBe(false);
    act(() =>
      patch.respond(200, JSON.stringify({ status: true, data: [] }), { 'upload-offset': String(SIZE) }),
    );
    await settle();
    expect(told).not.toHaveBeenCalled();
    // Picked again, the file is a new upload: the one before is a library video now, not a place to go on.
    expect(await unfinishedUpload(file())).toBeUndefined();
  });

  it('does not try it again out of sight when that answer never comes', async () => {
    const { batch, patch, told } = await sending(SIZE);
    batch.unmount();
    told.mockClear();
    act(() => patch.fail());
    await settle();
    expect(FakeXhr.made.map((x) => x.method)).toEqual(['POST', 'PATCH']);
    expect(told).not.toHaveBeenCalled();
    // The stored URL stays: picked again, the file asks the server (which finishes it, 0045) before any byte.
    expect(await unfinishedUpload(file())).toBeDefined();
  });
});

describe('The upload batch when the last answer is lost', () => {
  it('asks the server where the file stands and, told it is complete, ends done without sending it again', async () => {
    const { batch, patch, told } = await sending(SIZE);
    told.mockClear();
    // The server made the video; its answer never arrived (0070).
    act(() => patch.fail());
    const head = await nth('HEAD');
    act(() =>
      head.respond(200, '', {
        'tus-resumable': '1.0.0',
        'upload-offset': String(SIZE),
        'upload-length': String(SIZE),
      }),
    );
    await settle();
    expect(batch.result.current.items[0]).toMatchObject({ state: 'done', sent: SIZE });
    expect(FakeXhr.made.map((x) => x.method)).toEqual(['POST', 'PATCH', 'HEAD']);
    expect(told.mock.calls.map(([name]) => name)).toEqual(['onRetrying', 'onProgress', 'onDone']);
    // Done with the stored URL too: picked again, the file is a new upload.
    expect(await unfinishedUpload(file())).toBeUndefined();
  });
});
