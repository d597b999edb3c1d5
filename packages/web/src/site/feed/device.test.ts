import { describe, expect, it } from 'vitest';
import { isPhone } from './device';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';

describe('isPhone', () => {
  it('is a mobile user agent that is not a tablet, narrower than 640 px', () => {
    expect(isPhone(IPHONE, 390)).toBe(true);
    expect(isPhone(ANDROID_PHONE, 412)).toBe(true);
    expect(isPhone(IPHONE, 640)).toBe(false);
    expect(isPhone(ANDROID_TABLET, 600)).toBe(false);
    expect(isPhone(IPAD, 500)).toBe(false);
    expect(isPhone(DESKTOP, 390)).toBe(false);
  });
});
