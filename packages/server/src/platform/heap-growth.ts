import { setFlagsFromString } from 'node:v8';

/**
 * V8's old-generation limit after a collection is the live size times this factor (1 + percent / 100).
 * 4 is V8's own largest factor on a machine of this size, the one it picks whenever the program allocates
 * steadily.
 */
export const HEAP_GROWING_PERCENT = 300;

const OPTION = /--heap[-_]growing[-_]percent\b/;

/**
 * The V8 flag that pins the heap's growing factor, or undefined when the operator already set one
 * (node's own arguments or NODE_OPTIONS): theirs wins.
 */
export function heapGrowthFlag(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): string | undefined {
  if (execArgv.some((arg) => OPTION.test(arg)) || OPTION.test(nodeOptions)) return undefined;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/**
 * Keeps V8 from shrinking the old generation's limit to 1.1 times the live heap while uploads stream in,
 * which set off a storm of full collections (one every 50-70 ms, 15-40 ms of main thread each) for as
 * long as the uploads ran.
 *
 * Why: Node copies every chunk of a request body into a new Buffer. Their memory is outside V8's heap,
 * but V8 (11.3, Node 20) counts external memory allocated since the last full collection against the old
 * generation's limit, and collects young garbage buffers only once 32 MB of them pile up. V8 sizes that
 * limit from the rate the program allocates on its own heap, which an upload barely touches: after a
 * scavenge with little heap allocation it recomputes the limit with its smallest factor, leaving about 8 MB
 * of headroom. The next 8 MB of dead upload buffers then start a full collection, and each full
 * collection computes the same small limit again (docs/decisions/media-upload-throughput.md). A fixed
 * factor leaves the headroom at three times the live heap. Set at run time, before the heap grows; V8
 * reads the flag each time it computes a limit.
 */
export function steadyHeapGrowth(): void {
  const flag = heapGrowthFlag();
  if (flag) setFlagsFromString(flag);
}
