import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pixels } from './ink';
import { captureDelay, proveOnScreen, type ScreenEffects } from './screen-proof';
import { CAPTURE_MS } from './time-limit';

/**
 * The proof on screen with the capture and the decoding as made effects: what goes wrong is
 * `unconfirmed`, never `shown`; the boxes are placed by the picture's own size; captures are
 * paced to Chromium's two a second.
 */

/** An 800×600 view captured at `scale`, white, with black bars where `inked` says (CSS pixels). */
function screenOf(scale: number, inked: Array<{ x: number; y: number; width: number; height: number }>) {
  const width = 800 * scale;
  const height = 600 * scale;
  const data = new Uint8Array(width * height * 4).fill(255);
  for (const b of inked) {
    // Glyph-like: vertical strokes one device pixel wide, every third column.
    for (let y = b.y * scale; y < (b.y + b.height) * scale; y++)
      for (let x = b.x * scale; x < (b.x + b.width) * scale; x += 3) data.set([0, 0, 0, 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

function effects(picture: Pixels | Error, clock = { t: 0 }): ScreenEffects & { waited: number[] } {
  const waited: number[] = [];
  return {
    waited,
    capture: async () => {
      if (picture instanceof Error) throw picture;
      return 'data:image/png;base64,';
    },
    decode: async () => {
      const p = picture as Pixels;
      return {
        width: p.width,
        height: p.height,
        read: async (part) => {
          const data = new Uint8Array(part.width * part.height * 4);
          for (let y = 0; y < part.height; y++)
            data.set(
              p.data.subarray(((part.y + y) * p.width + part.x) * 4, ((part.y + y) * p.width + part.x + part.width) * 4),
              y * part.width * 4,
            );
          return { width: part.width, height: part.height, data };
        },
      };
    },
    now: () => clock.t,
    sleep: async (ms) => {
      waited.push(ms);
      clock.t += ms;
    },
  };
}

const QUOTE = { x: 100, y: 290, width: 300, height: 18 };
const screen = { view: { width: 800, height: 600 }, boxes: [QUOTE] };

describe('proveOnScreen', () => {
  it('glyphs in the quote’s box: shown, at device pixel ratios 1 and 2', async () => {
    expect(await proveOnScreen(screen, 1, effects(screenOf(1, [QUOTE]), { t: 10_000 }))).toBe('shown');
    expect(await proveOnScreen(screen, 1, effects(screenOf(2, [QUOTE]), { t: 20_000 }))).toBe('shown');
  });

  it('the glyphs elsewhere, the quote’s box blank: not shown', async () => {
    const elsewhere = { ...QUOTE, y: 100 };
    expect(await proveOnScreen(screen, 1, effects(screenOf(1, [elsewhere]), { t: 30_000 }))).toBe('not-shown');
  });

  it('no capture (no permission, a page the browser keeps), or a picture not of the view: unconfirmed', async () => {
    expect(await proveOnScreen(screen, 1, effects(new Error('Missing activeTab permission'), { t: 40_000 }))).toBe('unconfirmed');
    const narrow = { ...screenOf(1, [QUOTE]), width: 700, data: new Uint8Array(700 * 600 * 4) };
    expect(await proveOnScreen(screen, 1, effects(narrow, { t: 50_000 }))).toBe('unconfirmed');
  });

  it('the tab not in front once the picture is taken (or not known to be): unconfirmed, glyphs or not', async () => {
    const inked = () => effects(screenOf(1, [QUOTE]), { t: 60_000 });
    expect(await proveOnScreen(screen, 1, inked(), async () => false)).toBe('unconfirmed');
    expect(await proveOnScreen(screen, 1, inked(), async () => Promise.reject(new Error('No tab')))).toBe('unconfirmed');
    // Asked after the picture, not before it.
    const order: string[] = [];
    const fx = inked();
    const capture = fx.capture;
    fx.capture = async (w) => capture(w).finally(() => order.push('captured'));
    expect(await proveOnScreen(screen, 1, fx, async () => (order.push('asked'), true))).toBe('shown');
    expect(order).toEqual(['captured', 'asked']);
  });
});

describe('proveOnScreen: a capture with no answer (issue #47)', () => {
  afterEach(() => vi.useRealTimers());

  it('a capture that never settles is unconfirmed once CAPTURE_MS has passed, never a wait without end', async () => {
    vi.useFakeTimers();
    const fx = effects(screenOf(1, [QUOTE]), { t: 70_000 });
    fx.capture = () => new Promise<string>(() => {});
    let verdict: string | undefined;
    void proveOnScreen(screen, 1, fx).then((v) => (verdict = v));
    await vi.advanceTimersByTimeAsync(CAPTURE_MS - 1);
    expect(verdict).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(verdict).toBe('unconfirmed');
  });

  it('a capture refused over Chromium’s pace (a worker just started does not know the last ones) is asked once more after a second', async () => {
    const fx = effects(screenOf(1, [QUOTE]), { t: 85_000 });
    const capture = fx.capture;
    let refused = 0;
    fx.capture = async (w) => {
      if (refused++ === 0) throw new Error('This request exceeds the MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND quota.');
      return capture(w);
    };
    expect(await proveOnScreen(screen, 1, fx)).toBe('shown');
    expect(fx.waited).toEqual([1010]);
    // Refused again: unconfirmed, asked twice in all.
    const again = effects(screenOf(1, [QUOTE]), { t: 90_000 });
    let asked = 0;
    again.capture = async () => {
      asked++;
      throw new Error('This request exceeds the MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND quota.');
    };
    expect(await proveOnScreen(screen, 1, again)).toBe('unconfirmed');
    expect(asked).toBe(2);
  });

  it('a capture that answers within the limit is measured as before', async () => {
    vi.useFakeTimers();
    const fx = effects(screenOf(1, [QUOTE]), { t: 80_000 });
    const capture = fx.capture;
    fx.capture = (w) => new Promise<string>((resolve) => setTimeout(() => resolve(capture(w)), CAPTURE_MS - 100));
    const verdict = proveOnScreen(screen, 1, fx);
    await vi.advanceTimersByTimeAsync(CAPTURE_MS);
    expect(await verdict).toBe('shown');
  });
});

describe('captureDelay: two captures in any second', () => {
  it('waits only for a third capture within a second of the first', () => {
    expect(captureDelay([], 1000)).toBe(0);
    expect(captureDelay([1000], 1100)).toBe(0);
    expect(captureDelay([1000, 1100], 1200)).toBe(810);
    expect(captureDelay([1000, 1100], 2100)).toBe(0);
  });

  it('paces proofs clicked in a row', async () => {
    const clock = { t: 100_000 };
    const fx = effects(screenOf(1, [QUOTE]), clock);
    for (let i = 0; i < 3; i++) expect(await proveOnScreen(screen, 1, fx)).toBe('shown');
    expect(fx.waited).toEqual([1010]);
  });
});
