import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Table, TBody, Td, Th, THead, Tr } from './data-table';

/** The page's ResizeObservers; `resize()` calls each back, as a browser does after a layout. */
let callbacks: (() => void)[] = [];
const resize = () => act(() => callbacks.forEach((callback) => callback()));
const realResizeObserver = globalThis.ResizeObserver;

beforeEach(() => {
  callbacks = [];
  globalThis.ResizeObserver = class {
    constructor(callback: ResizeObserverCallback) {
      callbacks.push(() => callback([], this));
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  globalThis.ResizeObserver = realResizeObserver;
});

/** A table of things whose box is `client` px wide and the table `scroll` px; jsdom lays out nothing. */
function renderTable({
  scroll,
  client,
  stickyActions = 0,
}: {
  scroll: number;
  client: number;
  stickyActions?: number;
}) {
  render(
    <Table caption="Things">
      <THead>
        <Th>Name</Th>
        <Th>Notes</Th>
        <Th style={stickyActions ? { position: 'sticky' } : undefined}>Actions</Th>
      </THead>
      <TBody>
        <Tr>
          <Td>Thing 1</Td>
          <Td>A long note</Td>
          <Td>
            <button type="button">Edit Thing 1</button>
          </Td>
        </Tr>
      </TBody>
    </Table>,
  );
  const box = screen.getByRole('table', { name: 'Things' }).parentElement!;
  const sizes = { scrollWidth: scroll, clientWidth: client, scrollLeft: 0, offsetHeight: 0, clientHeight: 0 };
  for (const [name, value] of Object.entries(sizes))
    Object.defineProperty(box, name, { value, writable: true, configurable: true });
  const actions = screen.getByRole('columnheader', { name: 'Actions' });
  Object.defineProperty(actions, 'offsetWidth', { value: stickyActions, configurable: true });
  return box;
}

const region = () => screen.queryByRole('region', { name: 'Things, scrolls sideways' });
const cue = (side: 'left' | 'right') => screen.queryByText(`More columns to the ${side}`);

describe('a table that scrolls sideways', () => {
  it('says nothing of it while the table fits its box', async () => {
    const box = renderTable({ scroll: 800, client: 800 });
    await resize();
    expect(region()).toBeNull();
    expect(box).not.toHaveAttribute('tabindex');
    expect(cue('left')).toBeNull();
    expect(cue('right')).toBeNull();
  });

  it('wider than its box: a named region in the Tab order, the right edge cued and described', async () => {
    const box = renderTable({ scroll: 1200, client: 800 });
    await resize();
    expect(region()).toBe(box);
    expect(box).toHaveAccessibleDescription('More columns to the right');
    expect(cue('right')).toBeVisible();
    expect(cue('left')).not.toBeVisible();
    await userEvent.tab();
    expect(box).toHaveFocus();
  });

  it('scrolled, then at its end: the left edge cued, then the left only', async () => {
    const box = renderTable({ scroll: 1200, client: 800 });
    await resize();
    box.scrollLeft = 200;
    fireEvent.scroll(box);
    await waitFor(() => expect(cue('left')).toBeVisible());
    expect(cue('right')).toBeVisible();
    expect(box).toHaveAccessibleDescription('More columns to the left More columns to the right');
    box.scrollLeft = 400;
    fireEvent.scroll(box);
    await waitFor(() => expect(cue('right')).not.toBeVisible());
    expect(cue('left')).toBeVisible();
    expect(box).toHaveAccessibleDescription('More columns to the left');
  });

  it('widened until the table fits: the region and its cues go', async () => {
    const box = renderTable({ scroll: 1200, client: 800 });
    await resize();
    expect(region()).not.toBeNull();
    Object.defineProperty(box, 'clientWidth', { value: 1200 });
    await resize();
    expect(region()).toBeNull();
    expect(box).not.toHaveAttribute('tabindex');
    expect(cue('right')).toBeNull();
  });

  it('puts the right cue left of a sticky Actions column, which columns pass under', async () => {
    renderTable({ scroll: 1200, client: 800, stickyActions: 120 });
    await resize();
    expect(cue('right')!.parentElement).toHaveStyle({ right: '120px' });
    expect(cue('left')!.parentElement).toHaveStyle({ left: '0px' });
  });
});
