import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';

const goOffline = (offline: boolean) =>
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });

afterEach(() => vi.restoreAllMocks());

describe('OfflineNotice', () => {
  it('says the app is offline while the browser is, in a status region', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Changes cannot be saved until the connection is back.',
    );
    goOffline(false);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
