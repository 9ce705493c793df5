/**
 * What the walk (visibility.ts) keeps of each box around the words it reads, in one record per
 * box: pushed when the walker enters the box and popped when it leaves, so that the box, its style
 * and what is asked of it once (what is painted behind its content, whether it is drawn, which
 * paints of words are lost against it) cannot fall out of step. Each is asked at most once per
 * box, and only once words inside it are. Pure DOM code.
 */
import { backdropOf, type Backdrop } from './backdrops';
import { readableColour } from './colour';
import { drawn, openableHost } from './openable';
import { parseColor, type Rgba } from './paint';
import { ASK, isSeen } from './walk-rows';

/** One box around the words being read (outermost first on the walk's stack). */
export interface BoxRecord {
  readonly el: Element;
  readonly style: CSSStyleDeclaration;
  /**
   * The opaque colour painted behind the box's content (lib/page/seen/backdrops.ts; undefined: not
   * asked yet; null: not known, a colour not read).
   */
  behind: Backdrop | undefined;
  /** Whether the box shows what it holds (`boxDrawn`; undefined: not asked yet). */
  drawn: boolean | undefined;
  /** For each paint of words that matches its background, whether such words are seen in it. */
  lost: Map<string, boolean> | undefined;
}

/** The record of a box the walker enters, nothing asked of it yet. */
export function boxRecord(el: Element, style: CSSStyleDeclaration): BoxRecord {
  return { el, style, behind: undefined, drawn: undefined, lost: undefined };
}

/**
 * Whether the box shows what it holds, asked once per box, and only once words in it are read:
 * `checkVisibility`, and its own `content-visibility: hidden` (which hides its content, not
 * itself).
 */
export function boxDrawn(box: BoxRecord): boolean {
  const known = box.drawn;
  if (known !== undefined) return known;
  let out = isSeen(ASK.rendered({ rendered: drawn(box.el) && box.style.contentVisibility !== 'hidden' }));
  if (!out) {
    // A box a reader opens (closed <details>, until-found) is not drawn yet: the box drawn in
    // its place is asked (asked only once a test said no: it reads every ancestor).
    const host = openableHost(box.el);
    out = host !== null && isSeen(ASK.rendered({ rendered: drawn(host) }));
  }
  box.drawn = out;
  return out;
}

/**
 * What is painted behind the content of `boxes[i]` (lib/page/seen/backdrops.ts), from the
 * backgrounds around it; below the outermost box, what the browser paints behind the root (`canvas`).
 */
export function backdropAt(boxes: readonly BoxRecord[], i: number, canvas: () => Rgba | null): Backdrop {
  if (i < 0) return canvas();
  const box = boxes[i]!;
  const known = box.behind;
  if (known !== undefined) return known;
  const out = backdropOf(
    box.style,
    () => backdropAt(boxes, i - 1, canvas),
    (v) => parseColor(readableColour(v)),
  );
  box.behind = out;
  return out;
}
