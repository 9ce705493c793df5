import { describe, expect, it } from 'vitest';
import { framePath } from './frame-path';

/**
 * A frame's index path from the top, read across origins by `frames` alone: whole when every
 * ancestor is reached, what was found when one is not.
 */

type FakeWindow = { parent: FakeWindow | null; length: number; [i: number]: FakeWindow };

function view(parent: FakeWindow | null, children = 0): FakeWindow {
  const w = { parent, length: 0 } as FakeWindow;
  if (!parent) w.parent = w;
  else parent[parent.length++] = w;
  for (let i = 0; i < children; i++) view(w);
  return w;
}

const asWindow = (w: FakeWindow) => w as unknown as Window;

describe('framePath', () => {
  it('is empty and whole at the top', () => {
    expect(framePath(asWindow(view(null)))).toEqual({ path: [], whole: true });
  });

  it('gives each index in its parent’s frames, from the top', () => {
    const top = view(null, 2);
    const middle = view(top, 1);
    const own = view(middle);
    expect(framePath(asWindow(own))).toEqual({ path: [2, 1], whole: true });
  });

  it('stops with what it found where an ancestor is out of reach or does not list the frame', () => {
    const top = view(null);
    const middle = view(top);
    const own = view(middle);
    Object.defineProperty(middle, 'parent', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(framePath(asWindow(own))).toEqual({ path: [0], whole: false });
    const stray = { parent: view(null), length: 0 } as FakeWindow;
    expect(framePath(asWindow(stray))).toEqual({ path: [], whole: false });
  });
});
