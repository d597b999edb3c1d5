import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedItem } from '@streamdesk/contract/videos';
import { FeedVideo } from './feed-video';
import { mediaPlan } from './load-order';
import { createWatchClock } from './watch-clock';
import { playsHlsItself } from '@/test/native-hls';

// Which source a feed video gets (0044): the HLS ladder once processed, where the browser plays HLS; the
// MP4 until then and elsewhere. jsdom has no media: the browser's answers are stubbed. hls.js over MSE
// is the Playwright check's (feed-hls.spec.ts), in a real Chromium.
const item = (hls: string): FeedItem => ({
  _id: 'v1',
  video: '/media/videos/aaaaaaaaaaaaaaaaaaaaaaaa.mp4',
  thumbnail: '/media/videos/aaaaaaaaaaaaaaaaaaaaaaab.jpg',
  hls,
  // A processed video's full-size poster comes with its ladder.
  poster: hls ? '/media/videos/aaaaaaaaaaaaaaaaaaaaaaad.jpg' : '',
});
const MASTER = '/media/videos/aaaaaaaaaaaaaaaaaaaaaaac.m3u8';

function renderVideo(feedItem: FeedItem, current = 0) {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const { container } = render(
    <FeedVideo
      item={feedItem}
      index={0}
      current
      plan={mediaPlan(0, current, false)}
      muted
      stopped={false}
      clock={createWatchClock(() => undefined)}
      onCurrent={vi.fn()}
      onCanPlay={vi.fn()}
    />,
  );
  return container.querySelector('video')!;
}
afterEach(() => vi.unstubAllGlobals());

describe('a feed video source', () => {
  it('is the MP4 while the video has no HLS yet', () => {
    playsHlsItself('maybe');
    expect(renderVideo(item(''))).toHaveAttribute('src', item('').video);
  });

  it('is the master playlist where the browser plays HLS itself (Safari, iOS)', () => {
    playsHlsItself('maybe');
    expect(renderVideo(item(MASTER))).toHaveAttribute('src', MASTER);
  });

  it("shows the thumbnail before it plays, not the ladder's full-size poster (a fast first frame: 0061)", () => {
    playsHlsItself('maybe');
    expect(renderVideo(item(MASTER))).toHaveAttribute('poster', item(MASTER).thumbnail);
  });

  it('is the MP4 where the browser plays neither HLS nor MSE', () => {
    playsHlsItself('');
    expect(renderVideo(item(MASTER))).toHaveAttribute('src', item(MASTER).video);
  });

  it('is none for a video that let its source go', () => {
    playsHlsItself('maybe');
    expect(renderVideo(item(MASTER), 9)).not.toHaveAttribute('src');
  });
});
