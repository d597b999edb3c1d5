import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthStatus } from '@/lib/auth-state';
import { registerNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { writeSession } from '@/lib/session';
import { mockApi, renderApp } from '@/test/render-app';
import { jsonResponse, setRuntimeConfig } from '@/test/runtime';

const shell = {
  'GET /api/admin/auth/check': { status: true, message: 'Authorized' },
  'GET /api/admin/system/stats': {
    status: true,
    message: 'ok',
    cpuLoad: 1,
    ramUsage: 1,
    storageUsage: 1,
    liveView: 0,
  },
};

beforeEach(() => {
  setRuntimeConfig();
  writeSession('tok');
  setAuthStatus('checking');
});
afterEach(() => {
  vi.unstubAllGlobals();
  registerNavigator(null);
  queryClient.clear();
});

describe('Live Call Management', () => {
  it('adds, renames, changes and removes fields, then saves the whole map at once', async () => {
    let stored: Record<string, string> = { banner: 'b1', old_name: 'x', gone: 'y' };
    const sent: unknown[] = [];
    mockApi({
      ...shell,
      'GET /api/App/liveMatch/liveAds': () => jsonResponse({ status: true, message: 'ok', data: stored }),
      'PUT /api/App/liveMatch/liveAds': (_url: string, init: RequestInit) => {
        stored = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push(stored);
        return jsonResponse({ status: true, message: 'Ads updated successfully!', data: stored });
      },
    });
    renderApp('/add/liveMatch/liveAd');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Live Call Management' })).toBeInTheDocument();
    const name2 = await screen.findByLabelText('Field name 2');
    expect(name2).toHaveValue('old_name');

    await user.clear(name2);
    await user.type(name2, 'new_name');
    await user.clear(screen.getByLabelText('Value 1'));
    await user.type(screen.getByLabelText('Value 1'), 'b2');
    await user.click(screen.getByRole('button', { name: 'Remove field gone' }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Field name 3'), 'added');
    await user.type(screen.getByLabelText('Value 3'), 'v');
    await user.click(screen.getByRole('button', { name: 'Save all' }));

    await waitFor(() => expect(sent).toEqual([{ banner: 'b2', new_name: 'x', added: 'v' }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled());
  }, 20_000);

  it('refuses a duplicate name before sending', async () => {
    const put = vi.fn();
    mockApi({
      ...shell,
      'GET /api/App/liveMatch/liveAds': { status: true, message: 'ok', data: { a: '1' } },
      'PUT /api/App/liveMatch/liveAds': put,
    });
    renderApp('/add/liveMatch/liveAd');
    const user = userEvent.setup();
    await screen.findByLabelText('Field name 1');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByLabelText('Field name 2'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(await screen.findByText('Field names must be unique: a')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  }, 20_000);
});
