import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { LiveViewers } from '../../platform/registries.js';
import { createSystemStatsService, type CpuSample } from './system-stats.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/system/stats', () => {
  it('reports percentages and the live viewers', async () => {
    const res = await t.request({ method: 'GET', url: systemStatsRoutes.get.path });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, liveView: 0 });
    for (const key of ['cpuLoad', 'ramUsage', 'storageUsage']) {
      expect(body[key]).toBeGreaterThanOrEqual(0);
      expect(body[key]).toBeLessThanOrEqual(100);
    }
    expect(body.ramUsage).toBeGreaterThan(0);
    expect(body.storageUsage).toBeGreaterThan(0);
  });

  it('takes liveView from the live viewers provider', async () => {
    t.app.streamdesk.context.liveViewers.provide({
      count: async () => 42,
      perMatch: async () => new Map([['m1', 3]]),
    });
    const res = await t.request({ method: 'GET', url: systemStatsRoutes.get.path });
    expect(res.json().liveView).toBe(42);
    const perMatch = await t.request({ method: 'GET', url: systemStatsRoutes.liveMatchViewers.path });
    expect(perMatch.json()).toEqual({
      status: true,
      message: 'Live match viewers',
      data: [{ _id: 'm1', liveView: 3 }],
    });
  });
});

describe('the CPU reading', () => {
  it('covers the last few seconds, not everything since the previous reading', async () => {
    // The sampler's interval on a clock of the test's own: on a busy machine a real 10 ms interval fired
    // again while the reading read the disk's usage, and its two samples were then one (a retry in CI).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let times: CpuSample = { idle: 0, total: 0 };
    const stats = createSystemStatsService({
      dataDir: '.',
      liveViewers: new LiveViewers(),
      sampleEveryMs: 10,
      sampleCpu: () => times,
    });
    try {
      // Busy since the start (the server starting up), then idle since the last two samples.
      times = { idle: 0, total: 1000 };
      vi.advanceTimersByTime(20);
      times = { idle: 500, total: 1500 };
      expect((await stats.get()).cpuLoad).toBe(0);
    } finally {
      stats.close();
      vi.useRealTimers();
    }
  });
});
