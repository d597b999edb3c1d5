import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Up to this many pages, every page gets a button (doc 2 section 9). */
export const ALL_PAGES_UP_TO = 5;

/**
 * The page numbers to show: every page when there are at most five, otherwise first, last, and a
 * window around the current page, 'gap' between.
 */
export function pageWindow(page: number, totalPages: number, around = 1): Array<number | 'gap'> {
  if (totalPages <= ALL_PAGES_UP_TO) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages: Array<number | 'gap'> = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= around) pages.push(p);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

/**
 * Brings a paged list back to its top when a page change left the admin scrolled below it (the pager sits
 * under the rows); a list already in view stays where it is.
 */
export function scrollToListTop(section: HTMLElement | null): void {
  if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView?.({ block: 'start' });
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

const item = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm';

/** Previous and Next (doc 2 section 2, video show page), page numbers and ellipses between. */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const nav = useRef<HTMLElement>(null);
  // Previous or Next pressed onto the first or last page turns itself off, and a disabled button drops
  // the keyboard focus to the page's body; the current page's button takes it instead.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  const go = (to: number) => {
    refocus.current = to <= 1 || to >= totalPages;
    onPageChange(to);
  };

  if (totalPages <= 1) return null;
  return (
    <nav ref={nav} aria-label="Pagination" className="flex items-center justify-end gap-1">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        className={cn(item, 'gap-1 text-slate-600 hover:bg-slate-100 disabled:opacity-40')}
      >
        <ChevronLeftIcon className="size-4" />
        Previous
      </button>
      {pageWindow(page, totalPages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPageChange(p)}
            className={cn(
              item,
              p === page ? 'bg-brand-600 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
        className={cn(item, 'gap-1 text-slate-600 hover:bg-slate-100 disabled:opacity-40')}
      >
        Next
        <ChevronRightIcon className="size-4" />
      </button>
    </nav>
  );
}
