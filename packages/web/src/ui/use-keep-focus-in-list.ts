import { useCallback, type RefCallback } from 'react';

/** What can take focus with the keyboard; a disabled control (a Delete held while its call runs) cannot. */
const focusable =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), ' +
  'textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

const controlsOf = (el: Element) => Array.from(el.querySelectorAll<HTMLElement>(focusable));

/** A browser gives focus to <body> when the focused element leaves the document. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** Where focus was in a list: its item (a row or card), the cell in the item, the control in the cell. */
interface Spot {
  item: Element;
  index: number;
  /** The cell's index in a table row; -1 for an item without cells (a card). */
  cell: number;
  control: number;
}

function spotOf(list: HTMLElement, el: Element): Spot | undefined {
  let item: Element | null = el;
  while (item && item.parentElement !== list) item = item.parentElement;
  if (!item || !(el instanceof HTMLElement)) return undefined;
  const cell = el.closest('td, th');
  const group = cell && cell.parentElement === item ? cell : item;
  return {
    item,
    index: Array.prototype.indexOf.call(list.children, item),
    cell: group === item ? -1 : Array.prototype.indexOf.call(item.children, group),
    control: controlsOf(group).indexOf(el),
  };
}

/**
 * The control in `item` at the place `spot` describes: the same cell, the same position in it (or the
 * cell's last control, when this row has fewer), else the item's first control.
 */
function controlAt(item: Element, spot: Spot): HTMLElement | undefined {
  const group = spot.cell >= 0 ? item.children[spot.cell] : item;
  const inGroup = group ? controlsOf(group) : [];
  return inGroup[Math.min(Math.max(spot.control, 0), inGroup.length - 1)] ?? controlsOf(item)[0];
}

/** The screen's heading (PageHeader's h1), which every back-office screen has. */
const pageHeading = () => document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');

function focusHeading(heading: HTMLElement) {
  // A heading takes focus only from script, never from Tab.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * Keeps keyboard focus in a list (a table body, a list of cards) when the item holding it is deleted.
 * The control that opened the delete's confirmation goes with its row, and the browser would put focus
 * on <body>, sending a keyboard user back to the top of the page. Focus goes instead to the same place
 * (same cell, same control) in the row that took the deleted one's place, else in the row before it;
 * with no row left (an empty message in its place, or the whole list replaced by an empty state), to
 * the screen's heading. See docs/decisions/0013-screens.md.
 *
 * Only a deletion counts: the item must leave with fewer items with controls left behind (an edit row
 * that replaces its row is not a deletion), and focus must have fallen to <body> (a user who moved on
 * is left where they are). Put the returned ref on the element whose children are the items.
 */
export function useKeepFocusInList<T extends HTMLElement>(): RefCallback<T> {
  // A callback ref with a cleanup: the list may come and go (an empty state in its place) while the
  // component that owns it stays.
  return useCallback(keepFocusIn, []);
}

function keepFocusIn(list: HTMLElement | null) {
  // React passes null only to a ref without a cleanup; this one gets its cleanup instead.
  if (!list) return;
  // Kept after focus leaves the list: a confirmation dialog takes it, then gives it back or not.
  let spot: Spot | undefined;
  const countItems = () => Array.from(list.children).filter((item) => controlsOf(item).length > 0).length;
  let items = countItems();

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element) spot = spotOf(list, event.target) ?? spot;
  };
  const observer = new MutationObserver((records) => {
    const before = items;
    items = countItems();
    const at = spot;
    if (!at || at.item.isConnected || items >= before) return;
    if (focusLost()) return moveFocus(records, at);
    // The row went while its confirmation still held focus (the list reloaded before the dialog closed,
    // as happens on a busy machine): the dialog will give focus back to a control that is gone.
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) awaitFocusLost(records, at);
  });

  /** Waits a moment for the dialog to close and drop focus, then moves it; a user who moved on is left. */
  const awaitFocusLost = (records: MutationRecord[], at: Spot) => {
    const until = Date.now() + 3000;
    const check = () => {
      if (spot !== at) return; // focus came back into the list meanwhile
      if (focusLost()) return moveFocus(records, at);
      const inDialog = document.activeElement?.closest('[role="dialog"], [role="alertdialog"]');
      if (inDialog && Date.now() < until) setTimeout(check, 50);
    };
    setTimeout(check, 50);
  };

  const moveFocus = (records: MutationRecord[], at: Spot) => {
    spot = undefined;
    const removal = records.find((record) => Array.from(record.removedNodes).includes(at.item));
    const inList = (node: Node | null | undefined): node is Element =>
      node instanceof Element && node.parentElement === list;
    // The row that took its place, the row before it; when several went at once, whichever row is now
    // at its index, or the last.
    const candidates = [
      removal?.nextSibling,
      removal?.previousSibling,
      list.children[Math.min(at.index, list.children.length - 1)],
    ].filter(inList);
    for (const item of candidates) {
      const target = controlAt(item, at);
      if (target) return void target.focus();
    }
    const heading = pageHeading();
    if (heading) focusHeading(heading);
  };

  list.addEventListener('focusin', onFocusIn);
  observer.observe(list, { childList: true });
  return () => {
    observer.disconnect();
    list.removeEventListener('focusin', onFocusIn);
    // The list itself leaves with focus in it, or with focus lost from it (a confirmation opened from a
    // row's menu has nothing to give focus back to): its last item was deleted and an empty state took
    // its place. React detaches the ref before it removes the list, so focus is still where it was. If
    // the screen changed instead (an Edit that opens another page), its heading has gone too: left alone.
    if (!spot || !(focusLost() || list.contains(document.activeElement))) return;
    const heading = pageHeading();
    if (!heading) return;
    setTimeout(() => {
      if (heading.isConnected && focusLost()) focusHeading(heading);
    });
  };
}
