import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';

export const systemStatsReply = replyBase.extend({
  cpuLoad: z.number(),
  ramUsage: z.number(),
  storageUsage: z.number(),
  liveView: z.number().int(),
});
export type SystemStats = z.infer<typeof systemStatsReply>;

/** App clients watching each live match (a heartbeat naming it in the last 60 s); matches with none are left out. */
export const liveMatchViewersReply = replyBase.extend({
  data: z.array(z.object({ _id: z.string(), liveView: z.number().int() })),
});
export type LiveMatchViewers = z.infer<typeof liveMatchViewersReply>['data'];

export const STATS_POLL_MS = 5000;

export type StatLevel = 'green' | 'yellow' | 'red';

/** CPU, RAM and storage: green under 50, yellow 50 to 80, red above 80 (doc 1 section 9). */
export function percentLevel(percent: number): StatLevel {
  if (percent < 50) return 'green';
  if (percent <= 80) return 'yellow';
  return 'red';
}

/** Live views: green under 100, yellow 100 to 500, red above 500. */
export function liveViewLevel(count: number): StatLevel {
  if (count < 100) return 'green';
  if (count <= 500) return 'yellow';
  return 'red';
}

export const systemStatsRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/admin/system/stats',
    auth: 'admin',
    feature: 'system-stats',
    access: 'read',
    summary: 'CPU, RAM and storage use in percent, and the live app viewers',
    reply: systemStatsReply,
  }),
  liveMatchViewers: defineRoute({
    method: 'GET',
    path: '/api/admin/system/liveViewers',
    auth: 'admin',
    feature: 'system-stats',
    access: 'read',
    summary: 'The live app viewers of each live match, polled with the stats',
    reply: liveMatchViewersReply,
  }),
} as const;
