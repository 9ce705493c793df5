/**
 * What a reader can open and the highlight opens: a closed `<details>` (not its summary) and
 * `hidden="until-found"`. Such content has no box until opened, so every test of boxes would say
 * it is not drawn: the walk (visibility.ts, box-record.ts, box-place.ts) and the proof
 * (lib/page/find/quote-seen.ts) ask the box drawn in its place instead. Kept apart from the walk
 * because all of them ask it. Pure DOM code.
 */
import { elementOf, nodeOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';

/**
 * Whether `el` is inside what a reader can open and the highlight opens: a closed `<details>`
 * (not its summary, which shows) or `hidden="until-found"`. Such content has no box until then,
 * so the tests of boxes would say it is not drawn. Asked only once a test has said no.
 */
export function insideOpenable(el: Element): boolean {
  return openableHost(el) !== null;
}

/**
 * Where `el` is inside what a reader can open (`insideOpenable`): the box drawn in its place, which
 * every test asks instead (the outermost closed `<details>`, whose summary is drawn, or what holds
 * the outermost `until-found` element); null otherwise. Only the box a reader opens is exempt:
 * what holds it is tested as for any words.
 */
export function openableHost(el: Element): Element | null {
  let host: Element | null = null;
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    if (elementOf.attribute(e, 'hidden')?.toLowerCase() === 'until-found') host = flatParentElement(e) ?? e;
    else if (elementOf.name(e) === 'details' && !(e as HTMLDetailsElement).open) {
      const summary = elementOf.query(e, ':scope > summary');
      if (!summary || !nodeOf.contains(summary, el)) host = e;
    }
  }
  return host;
}

/**
 * `checkVisibility`: false for an element under opacity 0 or `content-visibility: hidden`, or
 * with no box (an unslotted child), unless a reader can open what holds it (closed `<details>`,
 * `until-found`: such content has no box until opened).
 */
export function drawn(el: Element): boolean {
  const seen = elementOf.checkVisibility(el, { opacityProperty: true });
  if (seen === undefined || seen) return true;
  const host = openableHost(el);
  return host !== null && elementOf.checkVisibility(host, { opacityProperty: true }) === true;
}
