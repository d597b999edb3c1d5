import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushOptIn } from './push-opt-in';
import { subscribeToPush } from './subscribe-to-push';

vi.mock('./subscribe-to-push', () => ({ pushSupported: () => true, subscribeToPush: vi.fn() }));

describe('PushOptIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Try again after a failure, until it works', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    vi.mocked(subscribeToPush).mockResolvedValueOnce('failed').mockResolvedValueOnce('subscribed');
    const user = userEvent.setup();
    render(<PushOptIn />);
    await user.click(screen.getByRole('button', { name: 'Get notified' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Could not turn on notifications. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You will be notified.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(subscribeToPush).toHaveBeenCalledTimes(2);
  });
});
