import { Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { uploadMemory } from '../../platform/media/memory-guard.js';

/**
 * @tus/file-store with the bytes of each PATCH counted by the upload memory guard, as the form upload's
 * are (platform/media/memory-guard.ts). Each socket read is a new 64 KB buffer, garbage once written;
 * the tus path makes few objects of its own, so V8 ran hardly any young collection and left them to its
 * external-memory limit: 64-85 MB of dead buffers at the peak of a 200 MB upload (bench:upload, fresh
 * server). docs/decisions/0045-resumable-uploads.md, "Speed".
 */
export class GuardedFileStore extends FileStore {
  override write(readable: Readable, id: string, offset: number): Promise<number> {
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        uploadMemory.received(chunk.length);
        done(null, chunk);
      },
    });
    // pipe() does not pass the source's error on: without this the store would wait for an end.
    readable.once('error', (error) => counted.destroy(error));
    return super.write(readable.pipe(counted), id, offset);
  }
}
