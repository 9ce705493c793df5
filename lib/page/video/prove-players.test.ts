// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { provePlayers } from './prove-players';

afterEach(() => document.body.replaceChildren());

function player(src: string): HTMLVideoElement {
  const video = document.createElement('video');
  video.src = src;
  video.width = 320;
  video.height = 180;
  document.body.append(video);
  return video;
}

describe('the proof that a quoted video’s player is seen', () => {
  it('is not found when the video its key names is gone, or another plays in its place', () => {
    player('https://example.com/other.webm');
    expect(provePlayers(document, ['media:0:https://example.com/talk.webm', 'media:3:https://example.com/talk.webm'])).toEqual([
      { drawn: false, reason: 'not-found' },
      { drawn: false, reason: 'not-found' },
    ]);
  });

  it('is not shown for a player with no box (happy-dom lays nothing out)', () => {
    player('https://example.com/talk.webm');
    expect(provePlayers(document, ['media:0:https://example.com/talk.webm'])).toEqual([{ drawn: false, reason: 'no-area' }]);
  });
});
