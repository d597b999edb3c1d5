import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageSelection } from './use-page-selection';

type Props = { ids: string[]; view: string; removing?: string[] };
const render = (initial: Props) =>
  renderHook(
    ({ ids, view, removing = [] }: Props) =>
      usePageSelection(ids, { resetOn: view, excluding: (id) => removing.includes(id) }),
    { initialProps: initial },
  );

describe('usePageSelection', () => {
  it('chooses the ticked rows of this page in its order, all of them with select-all, none again after', () => {
    const { result } = render({ ids: ['a', 'b', 'c'], view: 'p1' });
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('a'));
    expect(result.current.chosen).toEqual(['a', 'c']);
    expect(result.current.allSelected).toBe(false);
    act(() => result.current.toggleAll());
    expect([result.current.chosen, result.current.allSelected]).toEqual([['a', 'b', 'c'], true]);
    act(() => result.current.toggleAll());
    expect([result.current.chosen, result.current.allSelected]).toEqual([[], false]);
  });

  it('leaves out rows being removed and ids that left the page, and forgets the ones it is told', () => {
    const { result, rerender } = render({ ids: ['a', 'b', 'c'], view: 'p1' });
    act(() => result.current.toggleAll());
    rerender({ ids: ['a', 'b', 'c'], view: 'p1', removing: ['b'] });
    expect([result.current.chosen, result.current.allSelected]).toEqual([['a', 'c'], false]);
    rerender({ ids: ['a', 'b'], view: 'p1' });
    expect(result.current.chosen).toEqual(['a', 'b']);
    expect(result.current.selected.has('c')).toBe(true);
    act(() => result.current.forget(['b', 'c']));
    expect([...result.current.selected]).toEqual(['a']);
  });

  it('starts fresh on another view, and keeps toggle, forget and clear the same functions', () => {
    const { result, rerender } = render({ ids: ['a', 'b'], view: 'p1' });
    const { toggle, forget, clear } = result.current;
    act(() => result.current.toggle('a'));
    rerender({ ids: ['a', 'b'], view: 'p1' });
    expect(result.current.isSelected('a')).toBe(true);
    rerender({ ids: ['c', 'd'], view: 'p2' });
    expect(result.current.selected.size).toBe(0);
    act(() => result.current.toggle('c'));
    act(() => result.current.clear());
    expect(result.current.chosen).toEqual([]);
    expect([result.current.toggle, result.current.forget, result.current.clear]).toEqual([
      toggle,
      forget,
      clear,
    ]);
  });
});
