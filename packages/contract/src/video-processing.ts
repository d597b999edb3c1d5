import { z } from 'zod';
import { idList, replyBase } from './http.js';

/*
 * A video's processing as every feature with videos states it (the library, stories, reels, in-house ads:
 * 0059): a module of its own, so that those features' screens build these few schemas and not the
 * library's hundred (videos.ts) as their code starts (bench/notes/web.md, 2026-12-06).
 */

/** Where a video's processing stands (faststart remux, then the HLS ladder). */
export const VIDEO_STATES = ['queued', 'processing', 'ready', 'failed'] as const;
export const videoState = z.enum(VIDEO_STATES);
export type VideoState = z.infer<typeof videoState>;

/**
 * A processed video's poster: a JPEG frame from a tenth into it at its largest rendition's size, made
 * with the ladder; '' until the ladder is ready (show the thumbnail then). Additive (issue 35,
 * docs/decisions/0061-ladder-poster.md).
 */
export const videoPoster = z.string();

/** A retry of failed processing: the ids, and how many were queued again. */
export const retryBody = z.object({ id: idList });
export const retryReply = replyBase.extend({ retried: z.number().int() });
