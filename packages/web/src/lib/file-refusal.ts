import type { RouteDef } from '@streamdesk/contract/http';
import { mediaMessages } from '@streamdesk/contract/media';
import { brokenImageMessage, imageFaultMessages, type ImageFault } from '@streamdesk/contract/media-sniff';
import { ApiCallError } from './api-client';
import { DeadlineError } from './deadlines';
import { UploadNetworkError, UploadRefusedError } from './upload';

/**
 * The messages with which the server refuses a route's files: each file rule's own (kind, size, count,
 * missing), a broken image's, and an unreadable video's for a rule that takes MP4 (the server probes it).
 * `also`: a feature's refusals of its files made in its service rather than by the rules.
 */
export function fileRefusals(route: RouteDef, also: readonly string[] = []): string[] {
  const found = [...also];
  for (const rule of Object.values(route.multipart?.files ?? {})) {
    found.push(rule.typeMessage, rule.sizeMessage);
    if (rule.countMessage) found.push(rule.countMessage);
    if (rule.required) found.push(rule.required);
    for (const fault of Object.keys(imageFaultMessages) as ImageFault[])
      found.push(brokenImageMessage(fault, rule.typeMessage));
    if (rule.kinds.includes('mp4')) found.push(mediaMessages.unreadableVideo);
  }
  return found;
}

/**
 * Whether a failed send of a form with a file failed on the file: no reply came (the network, a
 * deadline, a proxy's page: the upload itself did not go through), or the server refused it with one of
 * `refusals` (`fileRefusals`). A refusal of another field, an edit conflict, a server fault: no.
 */
export function failedOnTheFile(error: unknown, refusals: readonly string[]): boolean {
  if (error instanceof UploadNetworkError || error instanceof DeadlineError) return true;
  if (error instanceof UploadRefusedError)
    return error.networkFailure || refusals.includes(error.serverMessage ?? '');
  if (error instanceof ApiCallError)
    return error.reply.networkFailure === true || refusals.includes(error.reply.message);
  return false;
}
