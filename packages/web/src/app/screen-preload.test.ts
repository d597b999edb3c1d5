import { pathPattern, webPaths } from '@streamdesk/contract/web-paths';
import { describe, expect, it } from 'vitest';
import { screenCode, screenCodeFor } from './screen-code';
import {
  linkOpeningScreen,
  PRELOAD_TABLE_ID,
  preloadScript,
  preloadTable,
  preloadTableJson,
} from './screen-preload';

type Name = keyof typeof screenCode;
const names = Object.keys(screenCode) as Name[];
// Each screen's "files" are its name here, so that the test can tell which one the page picked.
const table = preloadTable(
  [
    { path: webPaths.home, files: ['shortcutStories'] },
    ...names.map((name) => ({ path: webPaths[name], files: [name] })),
  ],
  pathPattern,
);

/** The links the page's script adds for `pathname`. */
function linked(pathname: string): string[] {
  const doc = document.implementation.createHTMLDocument('page');
  linkOpeningScreen(table, pathname, doc);
  return [...doc.head.querySelectorAll('link')].map((link) => {
    expect(link.rel).toBe('modulepreload');
    expect(link.crossOrigin).toBe('');
    return link.getAttribute('href')!.slice(1);
  });
}

describe("the admin page's early request for its opening screen's code", () => {
  it('picks the screen the router opens, on every screen path', () => {
    const paths = [
      '/',
      '/Controller/',
      '/manage/ads/inHouseAds/add',
      '/manage/ads/nativeAds/add',
      '/manage/ads/ios/bannerAds/add',
      '/manage/ads/inHouseAds/edit/6b14d948',
      ...names.map((name) => webPaths[name].replace(/:\w+/g, 'x1')),
    ];
    for (const path of paths) {
      const [picked, ...more] = linked(path);
      expect(more).toEqual([]);
      expect(screenCode[picked as Name], path).toBe(screenCodeFor(path)[1]);
    }
  });

  it('asks for nothing on the login page, the sign-out page or an unknown path', () => {
    for (const path of ['/admin/panel/login', '/Logout', '/set-password', '/no/such/screen'])
      expect(linked(path)).toEqual([]);
  });

  it('runs as its own text, with the table from the JSON block in the page', () => {
    const doc = document.implementation.createHTMLDocument('page');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = PRELOAD_TABLE_ID;
    block.textContent = preloadTableJson([['^\\/team\\/?$', ['assets/shell.js', 'assets/<team>.js']]]);
    doc.body.append(block);
    expect(block.textContent).not.toContain('<');
    new Function('location', 'document', preloadScript())({ pathname: '/team' }, doc);
    expect([...doc.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/shell.js',
      '/assets/<team>.js',
    ]);
  });
});
