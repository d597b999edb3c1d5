import { MB } from '@streamdesk/contract/media';
import { readFileKind } from '@/lib/file-kind';
import { VIDEO_MAX_BYTES, VIDEO_MAX_FILES, videoMessages } from '@streamdesk/contract/videos';

/** "12.34 MB", the size the selected list shows. */
export const sizeInMb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

export interface Picked {
  accepted: File[];
  problems: string[];
}

/** A file as the picker tells it apart: the browser gives no path, so name, size and time stand in. */
const sameFile = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * Adds newly chosen files to the selection: a file already selected (chosen again) is dropped with its
 * message, so it is not uploaded twice, and so are wrong or oversized files; a selection that would pass
 * 50 files is refused as a whole.
 */
export async function pickVideos(current: readonly File[], chosen: readonly File[]): Promise<Picked> {
  const problems: string[] = [];
  const seen = new Set(current.map(sameFile));
  const fresh = chosen.filter((file) => {
    const key = sameFile(file);
    if (seen.has(key)) return void problems.push(videoMessages.alreadySelected(file.name));
    seen.add(key);
    return true;
  });
  if (current.length + fresh.length > VIDEO_MAX_FILES)
    return { accepted: [], problems: [videoMessages.tooMany] };
  const accepted: File[] = [];
  for (const file of fresh) {
    if ((await readFileKind(file)) !== 'mp4') {
      problems.push(videoMessages.notMp4(file.name));
    } else if (file.size > VIDEO_MAX_BYTES) {
      problems.push(videoMessages.tooLarge(file.name));
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}
