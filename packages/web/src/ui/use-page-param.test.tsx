import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination';
import { MAX_PAGE, readPage, usePageParam, useStepBackToLastPage } from './use-page-param';

/** A list that shows its page, with buttons for another page and another filter. */
function List({ lastPage }: { lastPage?: number | undefined }) {
  const pager = usePageParam();
  useStepBackToLastPage(pager, lastPage);
  return (
    <>
      <p>Page {pager.page}</p>
      <button type="button" onClick={() => pager.setPage(pager.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => pager.setPage(1)}>
        First
      </button>
      <button type="button" onClick={() => pager.setFilter('category', 'c1')}>
        Category
      </button>
    </>
  );
}

function renderList(url: string, lastPage?: number) {
  const routes = [
    { path: '/list', element: <List lastPage={lastPage} /> },
    { path: '/other', element: <p>Another screen</p> },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: ['/other', url],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return { router, url: () => router.state.location.pathname + router.state.location.search };
}

describe('readPage', () => {
  it('reads plain whole numbers from 1, and anything else as page 1', () => {
    expect(readPage('3')).toBe(3);
    expect(readPage('007')).toBe(7);
    for (const bad of [null, '', 'x', '0', '-2', '2.5', '1e3', ' 4', '0x10', 'Infinity'])
      expect(readPage(bad)).toBe(1);
  });

  it('holds a huge page to MAX_PAGE', () => {
    expect(readPage('99999999999999999999999')).toBe(MAX_PAGE);
    expect(readPage(String(MAX_PAGE + 1))).toBe(MAX_PAGE);
  });
});

describe('usePageParam', () => {
  it('reads the page from the URL; page 1 is the bare path', async () => {
    const { url } = renderList('/list?page=3');
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(url()).toBe('/list?page=3');

    const bare = renderList('/list');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(bare.url()).toBe('/list');
  });

  it('writes another page as a new history entry, and page 1 as the bare path, keeping the filters', async () => {
    const user = userEvent.setup();
    const { router, url } = renderList('/list?category=c1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(url()).toBe('/list?category=c1&page=2');
    expect(router.state.historyAction).toBe('PUSH');

    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(url()).toBe('/list?category=c1');

    // Back returns to the page before.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
  });

  it('starts a filter again at page 1', async () => {
    const user = userEvent.setup();
    const { url } = renderList('/list?page=4');
    await user.click(screen.getByRole('button', { name: 'Category' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(url()).toBe('/list?category=c1');
  });

  it.each([
    ['/list?page=1', '/list', 1],
    ['/list?page=0', '/list', 1],
    ['/list?page=-3', '/list', 1],
    ['/list?page=abc', '/list', 1],
    ['/list?page=2.5&q=x', '/list?q=x', 1],
    ['/list?page=', '/list', 1],
    ['/list?page=02', '/list?page=2', 2],
    ['/list?page=99999999999999999999', `/list?page=${MAX_PAGE}`, MAX_PAGE],
  ])('puts %s as %s, in place of the history entry', async (from, to, page) => {
    const { router, url } = renderList(from);
    expect(screen.getByText(`Page ${page}`)).toBeInTheDocument();
    await waitFor(() => expect(url()).toBe(to));
    expect(router.state.historyAction).toBe('REPLACE');
    // Back leaves the list: nothing was added.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });
});

describe('Pagination on the URL page', () => {
  it('keeps the keyboard focus when Next reaches the last page', async () => {
    function Paged() {
      const { page, setPage } = usePageParam();
      return <Pagination page={page} totalPages={3} onPageChange={setPage} />;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Paged /> }], {
      initialEntries: ['/list?page=2'],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveFocus();
  });
});

describe('useStepBackToLastPage', () => {
  it('shows the last page in place of a page past it', async () => {
    const { router, url } = renderList('/list?page=9', 3);
    await waitFor(() => expect(url()).toBe('/list?page=3'));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to the bare path when the list is empty, and waits while the last page is not known', async () => {
    const empty = renderList('/list?page=2', 0);
    await waitFor(() => expect(empty.url()).toBe('/list'));

    const unknown = renderList('/list?page=5', undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unknown.url()).toBe('/list?page=5');
  });
});
