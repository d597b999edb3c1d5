import { afterEach, describe, expect, it } from 'vitest';
import { installDevtoolsBlock, isDevtoolsShortcut } from './block-devtools';

const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { cancelable: true, bubbles: true, ...init });
  document.body.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('devtools blocking', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('recognises F12, inspect and view-source shortcuts on both platforms', () => {
    const base = { code: '', ctrlKey: false, metaKey: false, shiftKey: false };
    expect(isDevtoolsShortcut({ ...base, key: 'F12' })).toBe(true);
    for (const key of ['I', 'j', 'C']) {
      expect(isDevtoolsShortcut({ ...base, key, ctrlKey: true, shiftKey: true })).toBe(true);
      expect(isDevtoolsShortcut({ ...base, key, metaKey: true, shiftKey: true })).toBe(true);
    }
    expect(isDevtoolsShortcut({ ...base, key: 'u', ctrlKey: true })).toBe(true);
    expect(isDevtoolsShortcut({ ...base, key: 'c', ctrlKey: true })).toBe(false);
    expect(isDevtoolsShortcut({ ...base, key: 'I', shiftKey: true })).toBe(false);
  });

  it('prevents the blocked keys and the context menu once installed, and stops when removed', () => {
    expect(press({ key: 'F12' })).toBe(false);
    uninstall = installDevtoolsBlock(window);
    expect(press({ key: 'F12' })).toBe(true);
    expect(press({ key: 'I', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'a', ctrlKey: true })).toBe(false);
    const menu = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    document.body.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
    uninstall();
    uninstall = undefined;
    expect(press({ key: 'F12' })).toBe(false);
  });
});
