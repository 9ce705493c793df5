/**
 * Computed colours in a syntax the rules do not read (`oklch(…)`, `lab(…)`, `color(display-p3 …)`):
 * the browser itself paints each once on a 1×1 canvas and reads the pixel back, so that every
 * colour a page can write is measured, not guessed (lib/page/seen/paint.ts reads `rgb()` and
 * `color(srgb …)` itself). A colour even the canvas cannot paint stays unread: the words are
 * then unproven (lib/shared/seen/seen.ts). Pure DOM code.
 */
import { parseColor } from './paint';

type Context = Pick<CanvasRenderingContext2D, 'fillStyle' | 'clearRect' | 'fillRect' | 'getImageData'>;

const read = new Map<string, string>();
let context: Context | null | undefined;

/** `value` as `rgba(…)` where the rules cannot read it as it is and a canvas can; else `value`. */
export function readableColour(value: string): string {
  if (parseColor(value) !== null) return value;
  const known = read.get(value);
  if (known !== undefined) return known;
  const out = paintOnCanvas(value) ?? value;
  if (read.size < 500) read.set(value, out);
  return out;
}

function paintOnCanvas(value: string): string | null {
  const ctx = canvasContext();
  if (ctx === null) return null;
  try {
    // A value the canvas does not take leaves the one before: a sentinel tells.
    ctx.fillStyle = '#010203';
    ctx.fillStyle = value;
    if (ctx.fillStyle === '#010203' && !/^#010203$/i.test(value)) return null;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as [number, number, number, number];
    return `rgba(${r}, ${g}, ${b}, ${a / 255})`;
  } catch {
    return null;
  }
}

function canvasContext(): Context | null {
  if (context !== undefined) return context;
  context = null;
  try {
    if (typeof OffscreenCanvas === 'function') {
      context = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true }) as Context | null;
    }
  } catch {
    context = null;
  }
  return context;
}
