import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadMemory } from '../../platform/media/memory-guard.js';
import { GuardedFileStore } from './video-uploads.store.js';

let directory: string;
let store: GuardedFileStore;
beforeEach(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'sd-tus-store-'));
  store = new GuardedFileStore({ directory });
  await store.create(new Upload({ id: 'u1', size: 300_000, offset: 0 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(directory, { recursive: true, force: true });
});

describe('The tus file store', () => {
  it('writes what arrives and counts every chunk for the upload memory guard, at its own threshold', async () => {
    const received = vi.spyOn(uploadMemory, 'received');
    const chunks = [Buffer.alloc(65_536, 1), Buffer.alloc(65_536, 2), Buffer.alloc(1000, 3)];
    const offset = await store.write(Readable.from(chunks), 'u1', 0);
    expect(offset).toBe(132_072);
    expect(received.mock.calls.map(([bytes]) => bytes)).toEqual([65_536, 65_536, 1000]);
    // A lower threshold than the form upload's 40 MB (0045, "Speed").
    expect(received.mock.calls.every(([, maxGrowth]) => maxGrowth === 24 * 1024 * 1024)).toBe(true);
    expect(readFileSync(path.join(directory, 'u1'))).toEqual(Buffer.concat(chunks));
  });

  it('ends the write when the request breaks off, keeping what arrived before', async () => {
    const broken = new Readable({ read() {} });
    const written = store.write(broken, 'u1', 0);
    broken.push(Buffer.alloc(1000, 7));
    // Before the file is even open: what arrived is still written, not dropped with the stream.
    await new Promise((resolve) => setImmediate(resolve));
    broken.destroy(new Error('aborted'));
    await expect(written).rejects.toBeDefined();
    expect(readFileSync(path.join(directory, 'u1'))).toEqual(Buffer.alloc(1000, 7));
  });
});
