import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@streamdesk/contract/notifications';
import { DeliveryStatusList } from './delivery-status';

const base: Notification = {
  _id: 'n1',
  n_title: 't',
  n_message: 'm',
  n_url: null,
  n_icon: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deliveredAt: null,
  status: 'sent',
  scheduledAt: null,
  delivery: {
    fcm: { status: 'failed', detail: 'HTTP 404 UNREGISTERED: Requested entity was not found.' },
    webPush: { status: 'sent', detail: 'Delivered to 2 of 2 browsers' },
  },
};

describe('DeliveryStatusList', () => {
  it('shows each channel with its status and the failure reason', () => {
    render(<DeliveryStatusList notification={base} />);
    const items = within(screen.getByRole('list', { name: 'Delivery' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('App (FCM):failed');
    expect(items[0]).toHaveTextContent('HTTP 404 UNREGISTERED: Requested entity was not found.');
    expect(items[1]).toHaveTextContent('Web push:sent');
    expect(items[1]).toHaveTextContent('Delivered to 2 of 2 browsers');
  });

  it('says "not configured" without repeating the setting names', () => {
    render(
      <DeliveryStatusList
        notification={{
          ...base,
          delivery: {
            fcm: { status: 'not configured', detail: 'Not configured: FCM_SERVICE_ACCOUNT_FILE is not set' },
            webPush: { status: 'pending', detail: null },
          },
        }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Delivery' });
    expect(list).toHaveTextContent('App (FCM):not configured');
    expect(list).not.toHaveTextContent('FCM_SERVICE_ACCOUNT_FILE');
    expect(list).toHaveTextContent('Web push:pending');
  });
});
