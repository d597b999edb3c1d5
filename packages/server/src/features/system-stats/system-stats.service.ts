import os from 'node:os';
import { statfs } from 'node:fs/promises';
import type { LiveMatchViewers, SystemStats } from '@streamdesk/contract/system-stats';
import type { LiveViewers } from '../../platform/registries.js';

export interface CpuSample {
  idle: number;
  total: number;
}

function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const clampPercent = (n: number) => round1(Math.min(100, Math.max(0, n)));

/** How often the kernel's CPU times are sampled: a reading covers the last one to two of these. */
export const CPU_SAMPLE_MS = 5000;

/**
 * Cheap system figures: CPU from the change in kernel CPU times over the last 5 to 10 s, RAM from the
 * kernel's available memory, storage from one statfs of DATA_DIR (no disk walk). The CPU times are
 * sampled every 5 s: measured from the previous call instead, the first reading after a while covered
 * all of it (after `npm start`, the server's own start-up: the badge read 84-100 % on a quiet machine).
 */
export function createSystemStatsService(opts: {
  dataDir: string;
  liveViewers: LiveViewers;
  sampleEveryMs?: number;
  /** The machine's CPU times (the kernel's, by default). */
  sampleCpu?: () => CpuSample;
}) {
  const sample = opts.sampleCpu ?? sampleCpu;
  let previous = sample();
  let latest = previous;
  const sampler = setInterval(() => {
    previous = latest;
    latest = sample();
  }, opts.sampleEveryMs ?? CPU_SAMPLE_MS);
  sampler.unref();

  function cpuLoad(): number {
    const current = sample();
    const total = current.total - previous.total;
    const idle = current.idle - previous.idle;
    // Too short an interval to measure: fall back to the 1-minute load average per core.
    if (total <= 0) return clampPercent(((os.loadavg()[0] ?? 0) / Math.max(1, os.cpus().length)) * 100);
    return clampPercent((1 - idle / total) * 100);
  }

  async function storageUsage(): Promise<number> {
    const fs = await statfs(opts.dataDir);
    if (fs.blocks === 0) return 0;
    return clampPercent(((fs.blocks - fs.bfree) / fs.blocks) * 100);
  }

  async function get(): Promise<SystemStats> {
    const [storage, liveView] = await Promise.all([storageUsage(), opts.liveViewers.count()]);
    return {
      status: true,
      message: 'System stats',
      cpuLoad: cpuLoad(),
      ramUsage: clampPercent(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
      storageUsage: storage,
      liveView,
    };
  }

  async function liveMatchViewers(): Promise<{ status: true; message: string; data: LiveMatchViewers }> {
    const counts = await opts.liveViewers.perMatch();
    return {
      status: true,
      message: 'Live match viewers',
      data: [...counts].map(([_id, liveView]) => ({ _id, liveView })),
    };
  }

  return { get, liveMatchViewers, close: () => clearInterval(sampler) };
}
