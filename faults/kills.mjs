// kill -9 in the middle of uploads and of an event load, then a restart on the same data: every upload
// answered 200 is there, every event batch answered 200 is counted (once), no partial upload is left, and
// every media file is named by a row (the start-up sweep moves the others to `orphans/` once they are past
// its grace period: the files are aged past it before the restart, as if the restart came an hour later).
import { randomUUID } from 'node:crypto';
import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { API_KEY, makeMp4, mp4OfSize, readJson, startServer } from '../bench/lib.mjs';
import { adminHeaders, signInAdmin } from './lib.mjs';
import { mediaFiles, partialFiles, postForm } from './uploads.mjs';

const REELS = 3;
const SENDERS = 4;
const VIEWS_PER_BATCH = 30;
const UPLOADERS = 3;
/** The upload size and how fast it is sent: about 2 s an upload, so the kill finds some mid-way. */
const UPLOAD_BYTES = 6 * 1024 * 1024;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function reels(baseURL) {
  const res = await fetch(`${baseURL}/api/App/reels?limit=1000`, { headers: { 'api-key': API_KEY } });
  const body = await readJson(res);
  return { list: body.data ?? [], text: JSON.stringify(body) };
}

/** An upload sent in 64 KB pieces with pauses: its body takes about two seconds to arrive. */
function slowUpload(baseURL, token, file) {
  const data = readFileSync(file);
  return postForm(baseURL, '/api/App/reels', adminHeaders(token), {}, [
    { field: 'video', filename: 'reel.mp4', type: 'video/mp4', head: data, pace: 2000 },
  ]);
}

/**
 * One kill: a server on `env`'s database (DATA_DIR kept for the restart), reels made, then event senders
 * and uploaders running until the kill. Answers what was acknowledged and what the restarted server has.
 */
export async function killMidWork(env, dataDir, workDir) {
  const small = makeMp4(path.join(workDir, 'seed.mp4'));
  const big = mp4OfSize(workDir, UPLOAD_BYTES, 'big.mp4');
  const first = await startServer({ ...env, DATA_DIR: dataDir });
  let second;
  try {
    const token = await signInAdmin(first.baseURL);
    const seeded = [];
    for (let i = 0; i < REELS; i++) {
      const res = await postForm(first.baseURL, '/api/App/reels', adminHeaders(token), {}, [
        { field: 'video', filename: 'seed.mp4', type: 'video/mp4', head: readFileSync(small) },
      ]);
      const id = JSON.parse(res.text ?? '{}').data?._id;
      if (!id) throw new Error(`seeding a reel failed: ${res.status} ${res.text ?? res.error}`);
      seeded.push(id);
    }
    let killed = false;
    let batches = 0;
    const uploaded = [];
    const sender = async () => {
      for (let i = 0; !killed; i++) {
        const events = Array.from({ length: VIEWS_PER_BATCH }, (_, n) => ({
          type: 'view',
          entity: 'reel',
          id: seeded[n % REELS],
          clientId: `faults-${n}`,
        }));
        const body = JSON.stringify({ events, ...(i % 2 ? { batchId: randomUUID() } : {}) });
        const res = await fetch(`${first.baseURL}/api/App/events`, {
          method: 'POST',
          headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
          body,
        }).catch(() => undefined);
        if (!res) return; // cut off by the kill: not acknowledged
        const ok = res.status === 200;
        await res.arrayBuffer().catch(() => undefined);
        if (killed) return; // answered in the instant of the kill: left out of both bounds below
        if (!ok) throw new Error(`an event batch was answered ${res.status}`);
        batches++;
      }
    };
    const uploader = async () => {
      while (!killed) {
        const res = await slowUpload(first.baseURL, token, big);
        if (killed) return;
        const id = res.status === 200 ? JSON.parse(res.text).data?._id : undefined;
        if (id) uploaded.push(id);
      }
    };
    const work = [...Array.from({ length: SENDERS }, sender), ...Array.from({ length: UPLOADERS }, uploader)];
    // Until some uploads are acknowledged and others are on their way.
    for (let waited = 0; uploaded.length < 2 && waited < 30_000; waited += 100) await sleep(100);
    await sleep(700);
    killed = true;
    const acknowledged = { batches, uploads: [...uploaded] };
    await first.kill();
    await Promise.allSettled(work);
    const partialAtKill = partialFiles(dataDir).length;

    // As if the restart came after the sweep's grace period (an hour): every file is aged two hours.
    const aged = (Date.now() - 2 * 3600_000) / 1000;
    for (const key of mediaFiles(dataDir)) utimesSync(path.join(dataDir, 'media', key), aged, aged);
    for (const key of partialFiles(dataDir)) utimesSync(path.join(dataDir, 'media/.tmp', key), aged, aged);

    second = await startServer({ ...env, DATA_DIR: dataDir });
    const after = await reels(second.baseURL);
    const ids = new Set(after.list.map((r) => r._id));
    const lostUploads = acknowledged.uploads.filter((id) => !ids.has(id));
    const views = after.list.filter((r) => seeded.includes(r._id)).reduce((n, r) => n + r.view, 0);
    const countedBatches = views / VIEWS_PER_BATCH;
    const named = new Set([...after.text.matchAll(/\/media\/([A-Za-z0-9_./-]+)/g)].map((m) => m[1]));
    const orphans = mediaFiles(dataDir).filter((key) => !named.has(key));
    // Every reel's thumbnail is there or made again after the restart.
    let missingThumbnails = [];
    for (let waited = 0; waited <= 30_000; waited += 500) {
      missingThumbnails = after.list
        .map((r) => r.thumbnail.replace(/^https?:\/\/[^/]+/, ''))
        .filter((url) => !mediaFiles(dataDir).includes(url.replace(/^\/media\//, '')));
      if (!missingThumbnails.length) break;
      await sleep(500);
    }
    // A thumbnail made again appears (its rename) a moment before its process drops the write's marker from
    // .tmp: a file still there after that moment is left, not one on its way out (one CI run read the
    // marker between the two).
    for (let waited = 0; waited < 10_000 && partialFiles(dataDir).length; waited += 200) await sleep(200);
    return {
      acknowledgedBatches: acknowledged.batches,
      countedBatches,
      // Acknowledged batches all counted; beyond them at most the batches in flight at the kill.
      eventsLost: Math.max(0, acknowledged.batches - countedBatches),
      eventsOverCounted: Math.max(0, countedBatches - acknowledged.batches - SENDERS),
      acknowledgedUploads: acknowledged.uploads.length,
      lostUploads,
      partialAtKill,
      partialAfter: partialFiles(dataDir),
      orphans,
      movedAside: mediaFiles(dataDir, 'orphans').length,
      missingThumbnails,
    };
  } finally {
    await first.kill();
    await second?.stop();
  }
}
