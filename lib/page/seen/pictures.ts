/**
 * The pictures behind words, settled by their pixels (lib/page/seen/picture-samples.ts). A box whose
 * background paints a picture (`url()`) tells nothing of what is behind its words by its colour:
 * white words on a dark box that paints a white picture pass every computed value, and no reader
 * sees them. The check before sending is one synchronous walk, and a picture's pixels come only
 * once the browser decodes it: the walk asks `judge`, which answers from what is known and says
 * `pending` for a picture not read yet (the words count as unseen meanwhile); the check then waits
 * for those pictures (`settle`, within a time limit) and walks again. A picture the page may not
 * read (another site's, without CORS), one too slow, one of no size: its words are unproven, and
 * left out. A picture that does not load paints nothing: what is below it is what is behind.
 * Per window, for the page script's lifetime (a page's pictures rarely change). DOM code.
 */
import { docOf } from '@/lib/page/dom/dom';
import { asker } from '@/lib/shared/seen/seen';
import { MAX_PICTURE_SIDE, PICTURE_WAIT_MS } from '@/lib/shared/seen/thresholds';
import type { PictureBehind } from './picture-layers';
import { samplesOf, standsOutFromAll, type Pixels, type Samples } from './picture-samples';

/** What a picture's pixels say of some words: they stand out from all of it, they may not, or not read yet. */
export type PictureVerdict = 'seen' | 'unseen' | 'pending';

/** The pixels of a picture by its URL: read, not readable (null), or it paints nothing ('none'). */
export type PixelLoader = (url: string) => Promise<Pixels | null | 'none'>;

const askPicture = asker(['pictureColours']);

export class Pictures {
  private readonly pixels = new Map<string, Pixels | null | 'none'>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly waiting = new Set<string>();
  private readonly samples = new Map<string, Samples | null>();
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly load: PixelLoader) {}

  /** Whether the last walks met pictures not read yet: a check waits for them (`settle`) and walks again. */
  get pending(): boolean {
    return this.waiting.size > 0;
  }

  /** Whether words painted `color` at `fontSize` stand out from every colour `picture` may show behind them. */
  judge(picture: PictureBehind, color: string, fontSize: string): PictureVerdict {
    const at = `${picture.key}\n${color}\n${fontSize}`;
    const known = this.verdicts.get(at);
    if (known !== undefined) return known ? 'seen' : 'unseen';
    let samples = this.samples.get(picture.key);
    if (samples === undefined) {
      let missing = false;
      for (const layer of picture.layers) {
        if (layer.kind === 'url' && !this.pixels.has(layer.url)) {
          this.waiting.add(layer.url);
          missing = true;
        }
      }
      if (missing) return 'pending';
      samples = samplesOf(picture, (url) => this.pixels.get(url) ?? null);
      this.samples.set(picture.key, samples);
    }
    // A picture not read, in time or at all, or not settled, is the table's to judge; then each colour it shows.
    const read = askPicture({ pictureColours: samples === null ? null : samples.size }).seen === 'seen';
    const seen = read && samples !== null && standsOutFromAll(samples, color, fontSize);
    this.verdicts.set(at, seen);
    return seen ? 'seen' : 'unseen';
  }

  /**
   * Reads the pictures the walks met, waiting at most `ms` for all of them; those not read by
   * then are unproven (their words left out), and read for a later check if they come.
   */
  async settle(ms: number = PICTURE_WAIT_MS): Promise<void> {
    const urls = [...this.waiting];
    this.waiting.clear();
    const all = Promise.all(urls.map((url) => this.read(url)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([all, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
    for (const url of urls) if (!this.pixels.has(url)) this.pixels.set(url, null);
  }

  private read(url: string): Promise<void> {
    let pending = this.loading.get(url);
    if (pending === undefined) {
      pending = this.load(url).then(
        (pixels) => this.known(url, pixels),
        () => this.known(url, null),
      );
      this.loading.set(url, pending);
    }
    return pending;
  }

  /** A picture read, perhaps after its check gave up on it: what was judged without it is judged again. */
  private known(url: string, pixels: Pixels | null | 'none'): void {
    const before = this.pixels.get(url);
    this.pixels.set(url, pixels);
    if (before !== undefined && before !== pixels) {
      this.samples.clear();
      this.verdicts.clear();
    }
  }
}

const byWindow = new WeakMap<Window, Pictures>();

/** The pictures of the window `view`, read through its document. */
export function picturesOf(view: Window): Pictures {
  let out = byWindow.get(view);
  if (out === undefined) byWindow.set(view, (out = new Pictures((url) => loadPixels(url, view))));
  return out;
}

/**
 * The pixels of the picture at `url` as the page would paint them: asked with CORS first (a
 * picture of another site that allows it, a `data:` one); failing that, asked plainly, to tell a
 * picture that does not load (it paints nothing: 'none') from one the page may not read (null).
 */
export async function loadPixels(url: string, view: Window): Promise<Pixels | null | 'none'> {
  const shared = await decoded(url, view, true);
  if (shared !== null) return pixelsOf(shared, view);
  return (await decoded(url, view, false)) === null ? 'none' : null;
}

async function decoded(url: string, view: Window, cors: boolean): Promise<HTMLImageElement | null> {
  const img = docOf.createElement(view.document, 'img') as HTMLImageElement;
  if (cors) img.crossOrigin = 'anonymous';
  img.src = url;
  try {
    await img.decode();
    return img;
  } catch {
    return null;
  }
}

/** The picture's pixels, drawn at its own size (at most `MAX_PICTURE_SIDE`); null when the page may not read them or it has no size. */
function pixelsOf(img: HTMLImageElement, view: Window): Pixels | null {
  const w0 = img.naturalWidth;
  const h0 = img.naturalHeight;
  if (!(w0 > 0 && h0 > 0)) return null;
  const scale = Math.min(1, MAX_PICTURE_SIDE / Math.max(w0, h0));
  const w = Math.max(1, Math.round(w0 * scale));
  const h = Math.max(1, Math.round(h0 * scale));
  try {
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(w, h)
        : Object.assign(docOf.createElement(view.document, 'canvas') as HTMLCanvasElement, { width: w, height: h });
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as
      CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (ctx === null) return null;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, w, h);
    return { data: ctx.getImageData(0, 0, w, h).data };
  } catch {
    // A picture of another site that does not allow it taints the canvas: its pixels are not ours to read.
    return null;
  }
}
