import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of Node's own `process.nextTick` records alive for the life of the process, so every request
 * keeps the fast nextTick it had at start.
 *
 * Why: Node 20 builds each nextTick record as an object literal with two symbol keys. V8 holds that
 * literal's object shapes only while some record is alive, and between two ticks none is. A full GC in
 * an idle moment (after start-up, after a burst of admin work) then drops the shapes; the next records get
 * new ones, V8 marks the literal's property stores megamorphic, and from then on each record is built in
 * the runtime: about 260 ns instead of 30 ns, several times per HTTP request (stream ends, response
 * finish). A bare node:http server loses 15-20% of its requests per second after one full GC
 * (docs/decisions/0006-app-fast-reads.md). One record kept alive keeps the shapes, and the stores stay
 * monomorphic.
 *
 * The record is caught by a one-shot async hook around one nextTick (the hook's init receives the record
 * itself as the resource); the hook is disabled at once, so it costs nothing afterwards. Returns the kept
 * record, or undefined if this Node builds no such record (nothing to keep, nothing lost).
 */
export function keepTickShape(): object | undefined {
  return (kept ??= newTickRecord());
}

/** A record Node builds for one nextTick, caught by a hook enabled around that one call. */
export function newTickRecord(): object | undefined {
  let record: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') record ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return record;
}
