import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_INK_SHARE } from '@/lib/shared/seen/thresholds';
import { boundsOf, inkVerdict, onImage, type Pixels } from './ink';
import type { Box } from '@/lib/shared/protocol/types';

/**
 * The ink measure on real glyphs (lines Chromium drew, tests/fixtures/make-glyphs.ts) at device pixel
 * ratios 1 and 2, and on made pixels for what no rasteriser draws on purpose: a cover, a picture.
 */

interface Glyphs {
  name: string;
  readable: boolean;
  width: number;
  height: number;
  box: Box;
  rgba: string;
}
const GLYPHS = JSON.parse(readFileSync(join(import.meta.dirname, '../../../tests/fixtures/glyphs.json'), 'utf8')) as Glyphs[];
const pixelsOf = (g: Glyphs): Pixels => ({
  width: g.width,
  height: g.height,
  data: new Uint8Array(gunzipSync(Buffer.from(g.rgba, 'base64'))),
});

/** A plain image of one colour. */
function plain(width: number, height: number, rgb: [number, number, number]): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return { width, height, data };
}

/** Paints a rectangle of an image (in place). */
function paint(px: Pixels, box: Box, rgb: [number, number, number]): void {
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) px.data.set([...rgb, 255], (y * px.width + x) * 4);
}

describe('glyphs Chromium drew', () => {
  it('has both kinds in the fixture', () => {
    expect(GLYPHS.filter((g) => g.readable).length).toBeGreaterThanOrEqual(10);
    expect(GLYPHS.filter((g) => !g.readable).length).toBeGreaterThanOrEqual(4);
  });

  it.each(GLYPHS.filter((g) => g.readable).map((g) => [g.name, g] as const))('%s: shown', (_name, g) => {
    expect(inkVerdict(pixelsOf(g), [g.box])).toEqual({ shown: true });
  });

  it.each(GLYPHS.filter((g) => !g.readable).map((g) => [g.name, g] as const))('%s: no ink', (_name, g) => {
    expect(inkVerdict(pixelsOf(g), [g.box])).toEqual({ shown: false, why: 'no-ink' });
  });

  it('a readable line with a box of the same height painted over its second half: no ink there', () => {
    const g = GLYPHS.find((x) => x.name.startsWith('black on white, 16 px (device pixel ratio 2'))!;
    const px = pixelsOf(g);
    const half = Math.floor(g.box.width / 2);
    paint(px, { x: g.box.x + half, y: 0, width: g.box.width - half, height: g.height }, [255, 255, 255]);
    // The line's box as one: over the threshold only if half a line of ink is enough.
    const whole = inkVerdict(px, [g.box]);
    const left = { ...g.box, width: half };
    const right = { ...g.box, x: g.box.x + half, width: g.box.width - half };
    // As the page gives them, word by word or line by line: the covered half is said.
    expect(inkVerdict(px, [left, right])).toEqual({ shown: false, why: 'no-ink' });
    expect(inkVerdict(px, [left])).toEqual({ shown: true });
    expect(whole.shown).toBe(true);
  });
});

describe('pixels a page may put where its words are', () => {
  it('a box of one colour over the words (a cover): no ink', () => {
    const px = plain(300, 40, [30, 30, 30]);
    expect(inkVerdict(px, [{ x: 10, y: 10, width: 200, height: 18 }])).toEqual({ shown: false, why: 'no-ink' });
  });

  it('a picture of noise behind the words, where no background can be told: unmeasured, not shown', () => {
    const px = plain(300, 40, [0, 0, 0]);
    let seed = 7;
    for (let i = 0; i < px.data.length; i += 4) {
      for (let c = 0; c < 3; c++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        px.data[i + c] = (seed >> 16) & 255;
      }
    }
    expect(inkVerdict(px, [{ x: 10, y: 10, width: 200, height: 18 }])).toEqual({ shown: false, why: 'unmeasured' });
  });

  it('a box out of the picture, or no box at all: unmeasured', () => {
    const px = plain(100, 40, [255, 255, 255]);
    expect(inkVerdict(px, [{ x: 90, y: 10, width: 30, height: 18 }])).toEqual({ shown: false, why: 'unmeasured' });
    expect(inkVerdict(px, [])).toEqual({ shown: false, why: 'unmeasured' });
    expect(inkVerdict(px, [{ x: 10, y: 10, width: 1, height: 1 }])).toEqual({ shown: false, why: 'unmeasured' });
  });

  it('a stripe of ink just over the share is shown; just under it is not', () => {
    const px = plain(200, 20, [255, 255, 255]);
    const box = { x: 0, y: 0, width: 200, height: 20 };
    const area = 200 * 20;
    const stripe = (n: number) => {
      const p = plain(200, 20, [255, 255, 255]);
      paint(p, { x: 0, y: 5, width: Math.ceil(n / 2), height: 2 }, [0, 0, 0]);
      return p;
    };
    expect(inkVerdict(px, [box]).shown).toBe(false);
    expect(inkVerdict(stripe(area * MIN_INK_SHARE * 1.2), [box])).toEqual({ shown: true });
    expect(inkVerdict(stripe(area * MIN_INK_SHARE * 0.5), [box])).toEqual({ shown: false, why: 'no-ink' });
  });
});

describe('the page’s boxes on the captured picture', () => {
  const screen = { view: { width: 800, height: 600 }, boxes: [{ x: 10.5, y: 20.25, width: 100, height: 18.4 }] };

  it('scales CSS pixels by the picture’s width over the view’s (device pixel ratio 1, 2, 1.25)', () => {
    expect(onImage(screen, { width: 800, height: 600 })).toEqual([{ x: 10, y: 20, width: 101, height: 19 }]);
    expect(onImage(screen, { width: 1600, height: 1200 })).toEqual([{ x: 21, y: 40, width: 200, height: 38 }]);
    expect(onImage(screen, { width: 1000, height: 750 })).toEqual([{ x: 13, y: 25, width: 126, height: 24 }]);
  });

  it('a picture of another shape than the view, or a box outside it: null', () => {
    expect(onImage(screen, { width: 800, height: 400 })).toBeNull();
    expect(onImage({ ...screen, boxes: [{ x: 780, y: 10, width: 40, height: 18 }] }, { width: 800, height: 600 })).toBeNull();
    expect(onImage({ ...screen, view: { width: 0, height: 0 } }, { width: 800, height: 600 })).toBeNull();
  });

  it('bounds every box', () => {
    expect(
      boundsOf([
        { x: 10, y: 20, width: 5, height: 5 },
        { x: 2, y: 30, width: 50, height: 4 },
      ]),
    ).toEqual({ x: 2, y: 20, width: 50, height: 14 });
    expect(boundsOf([])).toBeNull();
  });
});
