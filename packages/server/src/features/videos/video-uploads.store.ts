import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { uploadMemory } from '../../platform/media/memory-guard.js';

/**
 * Dead socket buffers past which the tus bytes ask for a young collection (the form upload's: 40 MB).
 * At 40 a fresh server's 200 MB upload grew RSS by 46-54 MB (68 once in 16 runs): the dead buffers
 * reach the threshold plus up to 4 MB between two looks, and RSS stays at that level after. 0045, "Speed".
 */
const TUS_MAX_GROWTH = 24 * 1024 * 1024;

/**
 * A PATCH's write buffer: what gathers while one write is in flight goes out as one `writev`, where the
 * stream default (64 KB) made a write per socket read (about 55 ms more of the main thread's CPU and 25
 * ms more of the pool's per 200 MB). The media store's 1 MB left more chunks waiting in it, which outlive
 * a young collection and are only freed by a full one: a fresh server's first 200 MB upload then grew
 * RSS by 29.5-45.7 MB, against 28.4-39.0 MB at 256 KB and 28.5-40.6 MB at 64 KB. 0045, "Speed".
 */
const WRITE_BUFFER = 256 * 1024;

/**
 * @tus/file-store, with the bytes of each PATCH counted by the upload memory guard, as the form upload's
 * are (platform/media/memory-guard.ts). Each socket read is a new 64 KB buffer, garbage once written;
 * the tus path makes few objects of its own, so V8 ran hardly any young collection and left them to its
 * external-memory limit: 64-85 MB of dead buffers at the peak of a 200 MB upload (bench:upload, fresh
 * server). docs/decisions/0045-resumable-uploads.md, "Speed".
 * The write is the store's own (a write stream from the offset), with one counting step instead of two.
 */
export class GuardedFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        uploadMemory.received(chunk.length, TUS_MAX_GROWTH);
        done(null, chunk);
      },
    });
    const file = createWriteStream(path.resolve(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER,
    });
    // A source that breaks off ends the file rather than destroying it: what arrived before is written
    // out (a destroyed write stream drops what it buffered), and the client resumes from there.
    let broken = false;
    readable.once('error', () => {
      broken = true;
      readable.unpipe(counted);
      counted.end();
    });
    try {
      await pipeline(readable.pipe(counted), file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (broken) throw ERRORS.FILE_WRITE_ERROR;
    return offset + file.bytesWritten;
  }
}
