import { MB } from '@streamdesk/contract/media';
import { readFileKind } from '@/lib/file-kind';
import { VIDEO_MAX_BYTES, VIDEO_MAX_FILES, videoMessages } from '@streamdesk/contract/videos';

/** "12.34 MB", the size the selected list shows. */
export const sizeInMb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

export interface Picked {
  accepted: File[];
  problems: string[];
}

/**
 * Adds newly chosen files to the selection: wrong or oversized files are dropped with their message;
 * a selection that would pass 50 files is refused as a whole.
 */
export async function pickVideos(current: readonly File[], chosen: readonly File[]): Promise<Picked> {
  if (current.length + chosen.length > VIDEO_MAX_FILES)
    return { accepted: [], problems: [videoMessages.tooMany] };
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of chosen) {
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
