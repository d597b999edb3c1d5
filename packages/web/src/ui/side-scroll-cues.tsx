import type { RefObject } from 'react';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import type { SideScroll } from './use-side-scroll';

type Side = 'left' | 'right';

/** The id of a table's cue at `side`, which its box's `aria-describedby` names while the cue shows. */
export const cueId = (id: string, side: Side) => `${id}-${side}`;

/**
 * The cues of a table's box that scrolls sideways (Table's), for the box's parent: at each edge with
 * columns past it a shade, the right one left of a sticky Actions column, which columns pass under.
 */
export function SideScrollCues({
  box,
  more,
  id,
}: {
  box: RefObject<HTMLElement | null>;
  more: SideScroll;
  id: string;
}) {
  // A chevron's click scrolls most of the visible columns' width, so that one column stays in view.
  const step = (side: Side) => {
    const el = box.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const by = Math.max(40, (el.clientWidth - more.cover) * 0.8);
    el.scrollBy({ left: side === 'left' ? -by : by, behavior: still ? 'instant' : 'smooth' });
  };
  return (
    <>
      {(['left', 'right'] as const).map((side) => (
        <SideCue
          key={side}
          id={cueId(id, side)}
          side={side}
          shown={more[side]}
          inset={side === 'right' ? more.cover : 0}
          bottom={more.scrollbar}
          onStep={() => step(side)}
        />
      ))}
    </>
  );
}

/**
 * A shade along an edge of the box (`inset` from that edge, `bottom` above its scrollbar) and a chevron
 * that stays in view while a long table scrolls with the page. Shown, not read: its words are the box's
 * description, and keys scroll the box itself, so the chevron is a pointer's only (out of the Tab order).
 */
function SideCue({
  id,
  side,
  shown,
  inset,
  bottom,
  onStep,
}: {
  id: string;
  side: Side;
  shown: boolean;
  inset: number;
  bottom: number;
  onStep: () => void;
}) {
  const Chevron = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <div
      id={id}
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute top-0 z-[2] flex w-7 from-slate-900/20 to-transparent',
        'transition-[opacity,visibility] duration-150 motion-reduce:transition-none',
        side === 'left' ? 'justify-start bg-linear-to-r' : 'justify-end bg-linear-to-l',
        inset === 0 && (side === 'left' ? 'rounded-l-lg' : 'rounded-r-lg'),
      )}
      style={{ [side]: inset, bottom, visibility: shown ? 'visible' : 'hidden', opacity: shown ? 1 : 0 }}
    >
      <span className="sr-only">{`More columns to the ${side}`}</span>
      <button
        type="button"
        tabIndex={-1}
        onClick={onStep}
        className="pointer-events-auto sticky top-30 mx-0.5 mt-2 self-start rounded-full bg-white p-0.5 text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-100"
      >
        <Chevron className="size-4" />
      </button>
    </div>
  );
}
