import { randomUUID } from 'node:crypto';

/**
 * This process's tag (`<pid>-<random>`) on files it writes and may leave half-done if it is killed (event
 * journals, part files of uploads, thumbnail markers), so that a later start can tell its leftovers from
 * the files of another server process that runs on the same data folder.
 */
export const OWNER = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Whether the process that tagged a file `tag` is gone. A tag of our pid with another id is ours from
 * before a restart (a container's server is often pid 1 at every start); another pid is gone when no
 * such process runs. A pid reused by an unrelated process only delays the clean-up to a later start.
 */
export function ownerGone(tag: string, own: string = OWNER): boolean {
  if (tag === own) return false;
  const pid = Number(tag.split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
