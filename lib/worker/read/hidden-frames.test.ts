import { describe, expect, it } from 'vitest';
import { framesNotShown } from './hidden-frames';
import type { PageText } from '@/lib/shared/types';

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
});
