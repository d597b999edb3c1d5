import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';

export const systemStatsReply = replyBase.extend({
  cpuLoad: z.number(),
  ramUsage: z.number(),
  storageUsage: z.number(),
  liveView: z.number().int(),
});
export type SystemStats = z.infer<typeof systemStatsReply>;

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
    summary: 'CPU, RAM and storage use in percent, and the live app viewers',
    reply: systemStatsReply,
  }),
} as const;
