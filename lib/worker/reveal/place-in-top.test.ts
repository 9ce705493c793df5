import { describe, expect, it } from 'vitest';
import type { FrameBox, ScreenBoxes } from '@/lib/shared/protocol/types';
import { frameAt, placeInTop, placeOneUp, type FramePath, type PlaceEffects } from './place-in-top';

/**
 * A quote in a frame of another origin than its parent, placed in the top view by the frames above
 * it (issue #44): moved up level by level by what each says, and not placed at all (the proof then
 * says `unconfirmed`) when any frame above is missing, silent, unseen, pinched, or shows less of
 * its child than the quote needs.
 */

/** The top frame (0) holds a cross-origin frame (7) at index 2, at (100, 50), scale 1, 400×100 shown. */
const topSaysOfChild: FrameBox = {
  found: true,
  origin: { x: 100, y: 50, scaleX: 1, scaleY: 1 },
  clip: { x: 100, y: 50, width: 400, height: 100 },
  seen: true,
  pinched: false,
  view: { width: 1000, height: 800 },
};

const inFrame: ScreenBoxes = {
  view: { width: 400, height: 100 },
  boxes: [{ x: 8, y: 16, width: 250, height: 18 }],
  path: [2],
};

function fx(frames: FramePath[], answers: Record<string, FrameBox>): PlaceEffects & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    framePaths: async () => frames,
    frameBox: async (frameId, index) => {
      asked.push(`${frameId}:${index}`);
      return answers[`${frameId}:${index}`] ?? { found: false };
    },
  };
}

const tab: FramePath[] = [
  { frameId: 0, path: [] },
  { frameId: 3, path: [0] },
  { frameId: 7, path: [2] },
];

describe('placeInTop', () => {
  it('leaves boxes already in the top view as they are, asking nothing', async () => {
    const top: ScreenBoxes = { view: inFrame.view, boxes: inFrame.boxes };
    const effects = fx(tab, {});
    expect(await placeInTop(top, effects)).toBe(top);
    expect(effects.asked).toEqual([]);
  });

  it('moves a cross-origin frame’s boxes into the top view by its parent’s answer', async () => {
    const effects = fx(tab, { '0:2': topSaysOfChild });
    expect(await placeInTop(inFrame, effects)).toEqual({
      view: { width: 1000, height: 800 },
      boxes: [{ x: 108, y: 66, width: 250, height: 18 }],
    });
    expect(effects.asked).toEqual(['0:2']);
  });

  it('composes a chain: a frame above that is itself in a frame of another origin says its own path', async () => {
    // [2, 1]: a frame inside frame 7 (path [2]); frame 7 says where its child 1 sits, in its own view, scaled by half.
    const middle: FrameBox = {
      found: true,
      origin: { x: 20, y: 10, scaleX: 0.5, scaleY: 0.5 },
      clip: { x: 20, y: 10, width: 300, height: 80 },
      seen: true,
      pinched: false,
      view: { width: 400, height: 100 },
      path: [2],
    };
    const deep: ScreenBoxes = {
      view: { width: 600, height: 160 },
      boxes: [{ x: 10, y: 20, width: 100, height: 20 }],
      path: [2, 1],
    };
    const effects = fx([...tab, { frameId: 9, path: [2, 1] }], { '7:1': middle, '0:2': topSaysOfChild });
    expect(await placeInTop(deep, effects)).toEqual({
      view: { width: 1000, height: 800 },
      boxes: [{ x: 125, y: 70, width: 50, height: 10 }],
    });
    expect(effects.asked).toEqual(['7:1', '0:2']);
  });

  it('places nothing when the frame above is not found, found twice, or does not answer', async () => {
    expect(await placeInTop(inFrame, fx([{ frameId: 7, path: [2] }], { '0:2': topSaysOfChild }))).toBeNull();
    const twice = [...tab, { frameId: 5, path: [] }];
    expect(await placeInTop(inFrame, fx(twice, { '0:2': topSaysOfChild }))).toBeNull();
    expect(await placeInTop(inFrame, fx(tab, {}))).toBeNull();
  });

  it('places nothing when the frames moved among their parents’ frames while they answered', async () => {
    const effects = fx(tab, { '0:2': topSaysOfChild });
    let probes = 0;
    const moved: PlaceEffects = {
      frameBox: effects.frameBox,
      // A frame inserted before the quote's: it is index 3 now, and index 2 is another frame.
      framePaths: async () => (probes++ === 0 ? tab : [...tab.slice(0, 2), { frameId: 7, path: [3] }, { frameId: 8, path: [2] }]),
    };
    expect(await placeInTop(inFrame, moved)).toBeNull();
    expect(probes).toBe(2);
    // The quote's own frame gone meanwhile: not placed either.
    let again = 0;
    const gone: PlaceEffects = { frameBox: effects.frameBox, framePaths: async () => (again++ === 0 ? tab : tab.slice(0, 2)) };
    expect(await placeInTop(inFrame, gone)).toBeNull();
  });

  it('places nothing when the frame element is not seen, or a view is pinched in', async () => {
    expect(await placeInTop(inFrame, fx(tab, { '0:2': { ...topSaysOfChild, seen: false } }))).toBeNull();
    expect(await placeInTop(inFrame, fx(tab, { '0:2': { ...topSaysOfChild, pinched: true } }))).toBeNull();
  });
});

describe('placeOneUp', () => {
  it('takes a box out of the part of the frame that shows by at most 1 px', () => {
    const edge = [{ x: 0, y: 0, width: 400.9, height: 100 }];
    expect(placeOneUp(edge, [2], topSaysOfChild)?.boxes).toEqual([{ x: 100, y: 50, width: 400.9, height: 100 }]);
    expect(placeOneUp([{ x: 0, y: 90, width: 100, height: 12 }], [2], topSaysOfChild)).toBeNull();
    expect(placeOneUp([{ x: -2, y: 10, width: 100, height: 12 }], [2], topSaysOfChild)).toBeNull();
  });

  it('refuses a frame that says it sits anywhere but above the frame asked, or of no size', () => {
    const boxes = inFrame.boxes;
    expect(placeOneUp(boxes, [2], { ...topSaysOfChild, path: [2] })).toBeNull();
    expect(placeOneUp(boxes, [2, 1], { ...topSaysOfChild, path: [3] })).toBeNull();
    expect(placeOneUp(boxes, [2, 1], { ...topSaysOfChild, path: [2] })?.path).toEqual([2]);
    expect(placeOneUp(boxes, [2], { ...topSaysOfChild, origin: { x: 0, y: 0, scaleX: 0, scaleY: 1 } })).toBeNull();
    expect(placeOneUp(boxes, [2], { found: false })).toBeNull();
  });
});

describe('frameAt', () => {
  it('finds the one frame at a path; the top only as frame 0; nothing for a path said twice or not at all', () => {
    expect(frameAt(tab, [])).toBe(0);
    expect(frameAt(tab, [2])).toBe(7);
    expect(frameAt([{ frameId: 4, path: [] }], [])).toBeNull();
    expect(frameAt([...tab, { frameId: 8, path: [2] }], [2])).toBeNull();
    expect(
      frameAt(
        [
          { frameId: 7, path: 'x' },
          { frameId: 8, path: [1.5] },
        ],
        [1],
      ),
    ).toBeNull();
    expect(frameAt(tab, [1])).toBeNull();
  });
});
