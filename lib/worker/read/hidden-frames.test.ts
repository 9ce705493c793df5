import { describe, expect, it } from 'vitest';
import { framesNotShown } from './hidden-frames';
import type { PageText } from '@/lib/shared/protocol/types';

function frame(frameId: number, path: number[], hiddenChildren?: number[]) {
  const page: PageText = {
    url: 'https://example.org/',
    title: '',
    passages: [],
    chars: 0,
    coverage: { readShare: 1, ...(hiddenChildren ? { hiddenChildren } : {}) },
    focus: { path, child: null },
  };
  return { frameId, page };
}

describe('framesNotShown', () => {
  it('leaves out the frames a parent does not show, and every frame inside them', () => {
    const frames = [frame(0, [], [1]), frame(11, [0]), frame(12, [1]), frame(13, [1, 0]), frame(14, [0, 0])];
    expect([...framesNotShown(frames)].sort()).toEqual([12, 13]);
  });

  it('shows every frame when no parent hides one', () => {
    expect(framesNotShown([frame(0, []), frame(7, [0])]).size).toBe(0);
  });

  it('leaves out a frame whose parent frame was not read: an unknown parent counts as hiding it', () => {
    // Frame [0] was never read (it did not answer); its child [0, 0] is not known to be shown.
    const frames = [frame(0, []), frame(21, [0, 0]), frame(22, [1])];
    expect([...framesNotShown(frames)]).toEqual([21]);
  });

  it('leaves out a frame that does not say where it sits', () => {
    const lost = frame(31, []);
    delete lost.page.focus;
    expect([...framesNotShown([frame(0, []), lost])]).toEqual([31]);
  });
});
