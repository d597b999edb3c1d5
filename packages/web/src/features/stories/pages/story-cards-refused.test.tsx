import { LOAD_FAILED } from '@/lib/api-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { onAPhone } from '@/test/on-a-phone';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse } from '@/test/runtime';
import { signedInApi as base, signedInScreenTests } from '@/test/signed-in-screen';
import { storyListReply, storyRow } from '../test-stories';

const SLOW = { timeout: 8000 };

signedInScreenTests();
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('Story Video List cards on a phone', { timeout: 30_000 }, () => {
  it('say a refused load in the list with a Retry that loads the cards, as the table does', async () => {
    onAPhone();
    let refuse = true;
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': () =>
        jsonResponse(
          refuse ? { status: false, message: 'Stories are resting' } : storyListReply([storyRow(1)]),
        ),
    });
    const user = userEvent.setup();
    renderApp('/add/story/video');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Stories are resting');
    expect(screen.queryByRole('table', { name: 'Story Video List' })).toBeNull();
    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const cards = await screen.findByRole('list', { name: 'Story Video List' }, SLOW);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("say the spec's fallback with a Retry when the refusal has no message", async () => {
    onAPhone();
    mockApi({
      ...base,
      'GET /api/App/all/only/story/video': () => jsonResponse({ status: false, message: '' }),
    });
    renderApp('/add/story/video');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(LOAD_FAILED);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
