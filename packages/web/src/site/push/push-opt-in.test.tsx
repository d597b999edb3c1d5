import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushOptIn } from './push-opt-in';
import * as push from './subscribe-to-push';

// jsdom has no push: the subscription is spied on (the button reads the module's exports at each call).
beforeEach(() => void vi.spyOn(push, 'pushSupported').mockReturnValue(true));

describe('PushOptIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Try again after a failure, until it works', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    const subscribeToPush = vi
      .spyOn(push, 'subscribeToPush')
      .mockResolvedValueOnce('failed')
      .mockResolvedValueOnce('subscribed');
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
