import Bowser from 'bowser';

/** "Chrome 131 on Windows", "Safari on iOS": enough to tell one's sessions apart. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : undefined;
  if (name && os.name) return `${name} on ${os.name}`;
  return name ?? os.name ?? userAgent.slice(0, 60);
}
