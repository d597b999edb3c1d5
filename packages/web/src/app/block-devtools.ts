/**
 * Blocks the usual developer-tool and view-source shortcuts and the context menu when the
 * deployment's `blockDevtools` flag is on (ARCHITECTURE.md, "devtools blocking"). It deters casual
 * poking only; no external script is loaded and nothing here is a security boundary.
 */
export function isDevtoolsShortcut(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  if (event.key === 'F12') return true;
  const mod = event.ctrlKey || event.metaKey;
  if (!mod) return false;
  const key = event.key.toUpperCase();
  if (event.shiftKey && ['I', 'J', 'C'].includes(key)) return true;
  return !event.shiftKey && key === 'U';
}

export function installDevtoolsBlock(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (isDevtoolsShortcut(event)) event.preventDefault();
  };
  const onContextMenu = (event: Event) => event.preventDefault();
  target.addEventListener('keydown', onKeyDown, { capture: true });
  target.addEventListener('contextmenu', onContextMenu, { capture: true });
  return () => {
    target.removeEventListener('keydown', onKeyDown, { capture: true });
    target.removeEventListener('contextmenu', onContextMenu, { capture: true });
  };
}
