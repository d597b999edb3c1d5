import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reel } from '@streamdesk/contract/reels';
import { playsHlsItself } from '@/test/native-hls';
import { ReelPlayer } from './reel-player';

// A reel's player (docs/decisions/0059): its HLS ladder once processed, its MP4 until then.

const reel = (over: Partial<Reel>): Reel => ({
  _id: 'r1',
  video: '/media/reels/1.mp4',
  thumbnail: '/media/reels/1.jpg',
  duration: 3,
  size: 1000,
  view: 0,
  click: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  fileName: 'clip-1.mp4',
  hls: '',
  poster: '',
  state: 'ready',
  progress: 100,
  ...over,
});

function playerOf(played: Reel) {
  render(<ReelPlayer reel={played} title="Reel 1" onClose={() => undefined} />);
  return within(screen.getByRole('dialog', { name: 'Reel 1' })).getByLabelText('Reel 1');
}

describe('Reel player', () => {
  it("plays a ready reel's master playlist, with the ladder's poster", () => {
    playsHlsItself();
    const player = playerOf(reel({ hls: '/media/reels/1.m3u8', poster: '/media/reels/1-poster.jpg' }));
    expect(player).toHaveAttribute('src', '/media/reels/1.m3u8');
    expect(player).toHaveAttribute('poster', '/media/reels/1-poster.jpg');
  });

  it('plays the MP4 of a reel still processing, with its thumbnail', () => {
    playsHlsItself();
    const player = playerOf(reel({ state: 'processing', progress: 30 }));
    expect(player).toHaveAttribute('src', '/media/reels/1.mp4');
    expect(player).toHaveAttribute('poster', '/media/reels/1.jpg');
  });
});
