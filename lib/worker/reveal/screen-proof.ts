/**
 * The proof on screen of a click: the visible tab captured once the quote is scrolled into view
 * (`tabs.captureVisibleTab`, Chromium and Firefox alike), the quote's line boxes cut out of the
 * picture and asked whether they hold glyphs (ink.ts). The capture and the decoding are effects
 * passed in (the browser's by default), so that the proof is tested without a browser; what goes
 * wrong (no permission to capture, a page the browser keeps from extensions, a picture that does
 * not decode, boxes out of the picture, a capture with no answer within `CAPTURE_MS`) is
 * `unconfirmed`, never `shown`, and never a wait without end. Chromium refuses more
 * than two captures a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND): captures are paced.
 */
import { browser } from 'wxt/browser';
import { boundsOf, inkVerdict, onImage, type Pixels } from './ink';
import type { Box, ScreenBoxes } from '@/lib/shared/protocol/types';
import { CAPTURE_MS, NoAnswerInTime, withinLimit } from './time-limit';

/** `shown`: glyphs in every box; `not-shown`: a box without them; `unconfirmed`: not measured. */
export type ScreenVerdict = 'shown' | 'not-shown' | 'unconfirmed';

/** A decoded capture: its size, and the pixels of a part of it. */
export interface Decoded {
  width: number;
  height: number;
  read(part: Box): Promise<Pixels>;
}

export interface ScreenEffects {
  /** The visible part of the window's active tab, as a data URL. */
  capture(windowId: number): Promise<string>;
  decode(dataUrl: string): Promise<Decoded>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Chromium's limit: two captures in any second. */
export const CAPTURES_PER_SECOND = 2;

/** How long to wait before the next capture, given the times of the last ones (ms, oldest first). */
export function captureDelay(history: number[], now: number): number {
  if (history.length < CAPTURES_PER_SECOND) return 0;
  const oldest = history[history.length - CAPTURES_PER_SECOND]!;
  return Math.max(0, oldest + 1000 + 10 - now);
}

/** The times of the last captures, for the pace. */
const captures: number[] = [];

/**
 * Chromium's refusal of a capture over its pace. Its count is the browser's, kept across the
 * worker's restarts, while `captures` starts empty in a worker just started: the first capture
 * of a new worker may be refused so, and is asked once more after a second.
 */
const OVER_PACE = /MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/;

async function pacedCapture(windowId: number, fx: ScreenEffects): Promise<string> {
  const once = async () => {
    const wait = captureDelay(captures, fx.now());
    if (wait > 0) await fx.sleep(wait);
    captures.push(fx.now());
    if (captures.length > CAPTURES_PER_SECOND) captures.splice(0, captures.length - CAPTURES_PER_SECOND);
    return withinLimit(fx.capture(windowId), CAPTURE_MS, () => {
      throw new NoAnswerInTime('captureVisibleTab', CAPTURE_MS);
    });
  };
  try {
    return await once();
  } catch (err) {
    if (!OVER_PACE.test(err instanceof Error ? err.message : String(err))) throw err;
    await fx.sleep(1000 + 10);
    return once();
  }
}

/**
 * Whether the quote's boxes hold glyphs on the screen of `windowId`'s active tab now. `stillThere`,
 * asked once the picture is taken (while it is measured): whether it can be of the quote's tab
 * still; false is `unconfirmed`, whatever the pixels say.
 */
export async function proveOnScreen(
  screen: ScreenBoxes,
  windowId: number,
  fx: ScreenEffects = browserScreen,
  stillThere: () => Promise<boolean> = async () => true,
): Promise<ScreenVerdict> {
  try {
    const picture = await pacedCapture(windowId, fx);
    const [verdict, still] = await Promise.all([measure(screen, picture, fx), stillThere()]);
    return still ? verdict : 'unconfirmed';
  } catch {
    return 'unconfirmed';
  }
}

/** The verdict of the quote's boxes in a picture of the screen (throws what does not decode). */
async function measure(screen: ScreenBoxes, picture: string, fx: ScreenEffects): Promise<ScreenVerdict> {
  const decoded = await fx.decode(picture);
  const boxes = onImage(screen, decoded);
  const bounds = boxes && boundsOf(boxes);
  if (!boxes || !bounds || bounds.width <= 0 || bounds.height <= 0) return 'unconfirmed';
  const pixels = await decoded.read(bounds);
  const shifted = boxes.map((b) => ({ ...b, x: b.x - bounds.x, y: b.y - bounds.y }));
  const verdict = inkVerdict(pixels, shifted);
  if (verdict.shown) return 'shown';
  return verdict.why === 'no-ink' ? 'not-shown' : 'unconfirmed';
}

/** A data URL's bytes, without a fetch (which an extension's policy might refuse). */
function bytesOf(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'image/png';
  const base64 = dataUrl.slice(comma + 1);
  // The engine's own decoder where it has one (`Uint8Array.fromBase64`), a loop elsewhere.
  const native = Uint8Array as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> };
  if (native.fromBase64) return new Blob([native.fromBase64(base64)], { type });
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The browser's: `captureVisibleTab` as PNG (lossless), decoded by `createImageBitmap` on an OffscreenCanvas. */
export const browserScreen: ScreenEffects = {
  capture: (windowId) => browser.tabs.captureVisibleTab(windowId, { format: 'png' }),
  decode: async (dataUrl) => {
    const bitmap = await createImageBitmap(bytesOf(dataUrl));
    return {
      width: bitmap.width,
      height: bitmap.height,
      read: async (part) => {
        const canvas = new OffscreenCanvas(part.width, part.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(bitmap, part.x, part.y, part.width, part.height, 0, 0, part.width, part.height);
        const data = ctx.getImageData(0, 0, part.width, part.height).data;
        bitmap.close();
        return { width: part.width, height: part.height, data };
      },
    };
  },
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};
