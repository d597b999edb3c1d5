import { describe, expect, it } from 'vitest';
import { noChannelConfigured, type ChannelDelivery } from './notifications.js';

const of = (status: ChannelDelivery['status']): ChannelDelivery => ({ status, detail: null });

describe('noChannelConfigured', () => {
  it('is true only when every push channel is not configured', () => {
    expect(noChannelConfigured({ fcm: of('not configured'), webPush: of('not configured') })).toBe(true);
    expect(noChannelConfigured({ fcm: of('pending'), webPush: of('not configured') })).toBe(false);
    expect(noChannelConfigured({ fcm: of('not configured'), webPush: of('failed') })).toBe(false);
  });
});
