/**
 * Where a box's geometry leaves what it holds, for a walk that does not measure each text node's
 * glyphs (visibility.ts `clipsAway`): a box of (almost) no size that hides what overflows it, a
 * box positioned or transformed out of the page or to no area, clipped to nothing, an inline
 * element moved out of the page. Measured once per such box, so that what it hides goes with all
 * it holds; kept apart from the walk's order of questions, which decides when these are asked. Pure DOM code.
 */
import { docOf, elementOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { insideOpenable } from './openable';
import { clipHides, placeHides, type Reach } from './paint';
import { ASK, isSeen, type StyleRef } from './walk-rows';
import { asker } from '@/lib/shared/seen/seen';
import type { ClipSides } from '@/lib/shared/seen/measured';

/**
 * The sides of a box that hides what overflows it, as the table's row of a box clipped away reads
 * them: its padding box (`clientWidth`, and `clientHeight` where the block axis clips too, else
 * null); null when it hides no overflow.
 */
export function clipSides(el: Element, cs: CSSStyleDeclaration, overflowX: string = cs.overflowX): ClipSides | null {
  // When one axis clips, the other computes to auto at least: overflow-x says whether any does.
  // It is the cheapest thing to ask, and almost every box answers "visible".
  if (overflowX === 'visible') return null;
  const box = el as HTMLElement;
  return { width: elementOf.clientWidth(box), height: cs.overflowY !== 'visible' ? elementOf.clientHeight(box) : null };
}

const askClipSides = asker(['clipSides']);

/**
 * True for a box of (almost) no size that hides what overflows it, by the table's row
 * (`MAX_CLIPPED_SIDE_PX`): the "visually hidden" text for screen readers (1×1 pixel, overflow
 * hidden), collapsed panels (height 0, overflow hidden).
 */
export function clippedAway(el: Element, cs: CSSStyleDeclaration, overflowX: string = cs.overflowX): boolean {
  const sides = clipSides(el, cs, overflowX);
  // (A box that hides no overflow, almost every box: no row reads it.)
  return sides !== null && !isSeen(askClipSides({ clipSides: sides }));
}

/**
 * Whether the box `el` (positioned as `position`) is moved or transformed out of the page or to no
 * area, or clipped to nothing, so that nothing it holds shows. `reach`: what the page can scroll
 * to, asked only when the box is moved or transformed.
 */
export function placedAway(el: Element, style: CSSStyleDeclaration, position: string, reach: () => Reach): boolean {
  const moved = position !== 'static';
  const transformed = isTransformed(el, style);
  // (`clip` applies to positioned boxes only: a box in the flow is asked its `clip-path` alone.)
  if (!moved && !transformed) return clipsTo(clipHides('auto', style.clipPath, position));
  // A box of no size in the flow may show what overflows it; a transform to no area shows
  // nothing. What is inside a closed <details> has no box until opened: it is read (the
  // closed <details> itself has one).
  let place = placeHides(elementOf.rect(el), reach());
  if (place === 'no-area' && !transformed) place = null;
  if (place === 'outside' && inSkippedContent(el)) place = null;
  if (!isSeen(ASK.place({ place })) && !insideOpenable(flatParentElement(el) ?? el)) return true;
  return clipsTo(clipHides(style.clip, style.clipPath, position));
}

/** Whether the inline element `el` is positioned (relative, sticky) entirely outside the page. */
export function inlineMovedAway(el: Element, style: StyleRef, reach: () => Reach): boolean {
  if (style === null || typeof style !== 'object') return false;
  const position = style.position;
  if (position !== 'relative' && position !== 'sticky') return false;
  const place = placeHides(elementOf.rect(el), reach());
  return place === 'outside' && !isSeen(ASK.place({ place })) && !insideOpenable(el) && !inSkippedContent(el);
}

/**
 * Whether `el` lies in content a box of `content-visibility: auto` skips now (the reader is far
 * from it): laid out in a stand-in that may end the page before it, it is drawn further down once
 * the reader comes near, where the page then reaches. Its place is left to the check, which
 * measures it where it will be drawn (skipped-content.ts); unknown (no such option): not skipped.
 */
function inSkippedContent(el: Element): boolean {
  // (Rendered otherwise: not under `content-visibility: hidden`, with a box.)
  return elementOf.checkVisibility(el, { contentVisibilityAuto: true }) === false && elementOf.checkVisibility(el, {}) === true;
}

/** What the page of `doc` can scroll to, in `view` (the walk asks it once: it changes no layout). */
export function pageReach(doc: Document | null, view: Window): Reach {
  const root = doc === null ? null : (docOf.scrolling(doc) ?? docOf.root(doc));
  return {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(root?.scrollWidth ?? 0, view.innerWidth),
    height: Math.max(root?.scrollHeight ?? 0, view.innerHeight),
  };
}

/**
 * Whether the box `el` (of computed style `style`) is transformed. Its computed `transform`
 * depends on layout, so reading it from the style forces the browser to check its layout first,
 * which makes it the walk's most costly read; the Typed OM's computed value (Chrome) is a little
 * cheaper (3–4 % of a walk). Firefox has no Typed OM. The individual `translate` property is
 * not read: it depends on layout too, and reading it made the check 17 % slower (a box moved
 * away by it is caught by the proof before a claim is shown, lib/page/find/quote-seen.ts).
 */
function isTransformed(el: Element, style: CSSStyleDeclaration): boolean {
  // The individual `scale` property (`scale: 0`) is a transform too, and cheap to read.
  const scale = style.scale;
  if (scale !== 'none' && scale !== '' && scale !== undefined) return true;
  const typed = elementOf.styleMap(el);
  if (typed !== undefined) return (typed.get('transform') as { value?: unknown } | null)?.value !== 'none';
  const transform = style.transform;
  return transform !== 'none' && transform !== '';
}

/** A clip measured to leave nothing (`clipHides`), judged by the table: true when it hides the box. */
function clipsTo(leavesNothing: boolean): boolean {
  return leavesNothing && !isSeen(ASK.place({ place: 'clipped' }));
}
