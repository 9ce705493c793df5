/**
 * A box of `content-visibility: auto` (lazy-rendering plugins put it on whole sections of a page)
 * is laid out at a stand-in size while a reader is far from it, its content skipped (the size
 * `contain-intrinsic-size` gives, else none), and at its content's size once a reader scrolls near
 * it; its paint containment clips what it holds to its box either way. So what a reader sees of its
 * content is what its box holds once drawn, not what its stand-in holds now: this says how far
 * that box reaches below the box laid out now, so that the check's clip and the page's reach
 * (ancestry.ts) are those a reader meets. Only where the height is known to follow the content (the
 * Typed OM's computed `height: auto`, no `max-height`: Chromium); where it is not (a height the
 * page set, a browser without the Typed OM), nothing grows, and the box is judged as laid out now
 * (fail closed: its content past its stand-in is clipped). The content that sizes the box is what
 * the flow lays out in it: its children and its text, as laid out (a child moved by a relative
 * offset counts where the flow put it); a child taken out of the flow, moved by a transform or
 * without a box of its own (`display: contents`) does not make it grow. Pure DOM code.
 */
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';

/** How deep the content of a box that grows is followed (a deeper one sizes nothing: fail closed). */
const MAX_DEPTH = 32;

/** How far (CSS pixels) the box of `el` will reach below its box now once its skipped content is laid out: 0 for any other box. */
export function skippedGrowth(el: Element, cs: CSSStyleDeclaration, view: Window): number {
  if (cs.contentVisibility !== 'auto' || cs.writingMode !== 'horizontal-tb' || !followsContent(el)) return 0;
  const bottom = contentBottom(el, cs, view, 0);
  if (bottom === -Infinity) return 0;
  return Math.max(0, bottom + paddingBottom(cs) - elementOf.rect(el).bottom);
}

/** Whether the height of `el` follows its content: computed `height: auto`, no `max-height` (the Typed OM's; unknown without it: no). */
function followsContent(el: Element): boolean {
  const typed = elementOf.styleMap(el);
  return typed !== undefined && String(typed.get('height')) === 'auto' && String(typed.get('max-height')) === 'none';
}

/** Where the flow puts the bottom of one child: its margin edge, and whether it floats. */
interface ChildBottom {
  bottom: number;
  floats: boolean;
}

/**
 * Where the flow puts the bottom of the content of `el` (of computed style `cs`): in a block's
 * flow, the margin edge of its last child in the flow (or its last line of text; a child above it
 * reaching further, by a negative margin after it, overflows the box), or of a float reaching
 * further; in any other layout (flex, grid), the furthest of its children's. -Infinity: none.
 */
function contentBottom(el: Element, cs: CSSStyleDeclaration, view: Window, depth: number): number {
  const block = cs.display === 'block' || cs.display === 'flow-root' || cs.display === 'list-item';
  let last = -Infinity;
  let furthest = -Infinity;
  let floats = -Infinity;
  for (let c = nodeOf.first(el); c !== null; c = nodeOf.next(c)) {
    const type = nodeOf.type(c);
    let child: ChildBottom | null = null;
    if (type === 1) child = flowBottom(c as Element, view, depth);
    else if (type === 3 && /\S/.test((c as Text).data)) child = { bottom: textBottom(c as Text, el), floats: false };
    if (child === null || child.bottom === -Infinity) continue;
    furthest = Math.max(furthest, child.bottom);
    if (child.floats) floats = Math.max(floats, child.bottom);
    else last = child.bottom;
  }
  return block ? Math.max(last, floats) : furthest;
}

/**
 * Where the flow puts the bottom of the box of `child` (its margin edge), or null where it sizes
 * nothing (see the module's comment). A box whose content overflows it now and whose height
 * follows its content (a flex or grid item stretched to a stand-in of no height) reaches as far as its content.
 */
function flowBottom(child: Element, view: Window, depth: number): ChildBottom | null {
  const cs = view.getComputedStyle(child);
  const display = cs.display;
  if (display === 'none' || display === 'contents') return null;
  const position = cs.position;
  if (position !== 'static' && position !== 'relative') return null;
  const set = (v: string | undefined) => v !== undefined && v !== '' && v !== 'none';
  if (set(cs.transform) || set(cs.translate) || set(cs.scale) || set(cs.rotate)) return null;
  const rect = elementOf.rect(child);
  const inline = display === 'inline';
  if (rect.width === 0 && rect.height === 0 && inline) return null;
  // A relative offset moves the box where it is drawn, not where the flow put it.
  const offset = position === 'relative' ? parseFloat(cs.top) : 0;
  if (!Number.isFinite(offset)) return null;
  let bottom = rect.bottom;
  const overflows = elementOf.scrollHeight(child) > elementOf.clientHeight(child) + 1;
  if (!inline && overflows && depth < MAX_DEPTH && followsContent(child)) {
    const content = contentBottom(child, cs, view, depth + 1);
    if (content !== -Infinity) bottom = Math.max(bottom, content + paddingBottom(cs));
  }
  const margin = inline ? 0 : parseFloat(cs.marginBottom) || 0;
  return { bottom: bottom + margin - offset, floats: cs.cssFloat !== 'none' && cs.cssFloat !== '' };
}

/** Its padding and border below its content (CSS pixels). */
function paddingBottom(cs: CSSStyleDeclaration): number {
  return (parseFloat(cs.paddingBottom) || 0) + (parseFloat(cs.borderBottomWidth) || 0);
}

/** The bottom of the line boxes of `text`, a child of `parent` with words (-Infinity: no lines). */
function textBottom(text: Text, parent: Element): number {
  const range = docOf.createRange(nodeOf.doc(parent));
  range.selectNodeContents(text);
  const r = range.getBoundingClientRect();
  return r.width === 0 && r.height === 0 ? -Infinity : r.bottom;
}
