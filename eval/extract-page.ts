/**
 * Bundled into each corpus page by eval/extract.ts: the extension's own extraction, the two
 * baselines it is timed against and a floor for scale, all running in the page as a content
 * script would.
 */
import { Readability } from '@mozilla/readability';
import { extractPage } from '@/lib/page/read/extract';
import { normalize } from '@/lib/shared/text/normalize';
import { readFrame } from '@/lib/page/read/read-frame';
import { checkPassagesSettled, type PassageWords } from '@/lib/page/read/passage-check';
import { checked, checkedApart } from './lib/check-all';

/**
 * What the content script does when asked to read this frame (wait for the page to settle, read
 * it within its budgets), and the text it would send were every passage chosen: the passages
 * that pass the check before sending (lib/page/read/passage-check.ts), in reading order.
 */
export async function readForEval(): Promise<{
  text: string;
  passages: number;
  chars: number;
  note: string;
  unsent: number;
  cut: number;
  /** Passages sent with a heading, and of those the ones whose heading the check takes off. */
  headed: number;
  noHeading: number;
}> {
  let words: PassageWords | undefined;
  const read = await readFrame(document, { onWords: (w) => (words = w) });
  const verdict = await checkPassagesSettled(
    document,
    words!,
    read.passages.map((p) => p.id),
  );
  const hidden = new Set(verdict.hidden);
  const cut = new Map(verdict.cut.map((c) => [c.id, c.text]));
  const passages = read.passages.filter((p) => !hidden.has(p.id)).map((p) => ({ ...p, text: cut.get(p.id) ?? p.text }));
  const page = { ...read, passages };
  const c = page.coverage;
  const note = [
    c?.truncatedBy ? `read ${Math.round(c.readShare * 100)}%, stopped by ${c.truncatedBy}` : '',
    c?.unsettled ? 'still changing when read' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    text: page.passages.map((p) => p.text).join('\n'),
    passages: page.passages.length,
    chars: page.chars,
    note,
    unsent: hidden.size,
    cut: cut.size,
    headed: passages.filter((p) => p.heading !== undefined).length,
    noHeading: verdict.noHeading.length,
  };
}

/** The simplest possible reading: every text node's data, concatenated. */
function bareWalk(): number {
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push((n as Text).data);
  return parts.join('').length;
}

/**
 * The least that any reading which respects CSS must do: the same walk, asking each element's
 * computed display. Not a method of its own, a floor: how close to it our extraction comes.
 */
function styleWalk(): number {
  const parts: string[] = [];
  const visit = (parent: Node): void => {
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) parts.push((c as Text).data);
      else if (c.nodeType === 1 && getComputedStyle(c as Element).display !== 'none') visit(c);
    }
  };
  visit(document.documentElement);
  return parts.join('').length;
}

/** The work of reading the page (the wait for it to settle is no work, and is not timed). */
function ours(): number {
  return extractPage(document).passages.length;
}

function readability(): number {
  const article = new Readability(document.cloneNode(true) as Document).parse();
  return article?.textContent?.length ?? 0;
}

export type Method = 'ours' | 'checked' | 'checkedApart' | 'readability' | 'bare' | 'style';
const METHODS: Record<Method, () => number> = { ours, checked, checkedApart, readability, bare: bareWalk, style: styleWalk };

/** Runs `f` `n` times; the time per run in milliseconds. */
function timeRuns(f: () => number, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    try {
      f();
    } catch {
      // Readability throws on some documents; its time until then still counts.
    }
  }
  return (performance.now() - t0) / n;
}

/**
 * Times the methods `reps` times each, interleaved and in a rotating order so that none of
 * them always runs first (warm caches, style recalculation) or last. The page's clock is coarse
 * (0.1 ms without cross-origin isolation), so a method that is fast on this page is run several
 * times per measurement, enough for about 5 ms.
 */
export function timeMethods(reps: number): Record<Method, number[]> {
  const names = Object.keys(METHODS) as Method[];
  const batch = {} as Record<Method, number>;
  for (const name of names) {
    const once = timeRuns(METHODS[name], 1); // also warms up
    batch[name] = Math.min(200, Math.max(1, Math.ceil(5 / Math.max(once, 0.05))));
  }
  const out: Record<Method, number[]> = { ours: [], checked: [], checkedApart: [], readability: [], bare: [], style: [] };
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length]!;
      out[name].push(timeRuns(METHODS[name], batch[name]));
    }
  }
  return out;
}

/**
 * Letters and digits only, without accents, in lower case, every other run (spaces,
 * punctuation, signs) one space: the words of a text, for telling an annotation that wrote the
 * same words with other characters from text that is really missing. Words glued together stay
 * different.
 */
export function skeleton(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'TEXTAREA', 'OPTION']);

/**
 * Why each missed sentence (normalised) was not read, as far as the page can tell: not in its
 * DOM text at all (its scripts would render it, it sits in <noscript>, or the annotation wrote
 * it differently), hidden by the page itself (and how), or read but written differently.
 */
export function explainMisses(missed: string[]): string[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    let skip = false;
    for (let e = n.parentElement; e; e = e.parentElement) {
      if (NOT_TEXT.has(e.tagName)) {
        skip = true;
        break;
      }
    }
    if (!skip) nodes.push(n as Text);
  }
  const glued = skeleton(nodes.map((n) => n.data).join(''));
  const spaced = skeleton(nodes.map((n) => n.data).join(' '));
  return missed.map((sentence) => {
    const bare = skeleton(sentence);
    if (!glued.includes(bare) && !spaced.includes(bare)) return 'not in the page text';
    // A text node holding some of the sentence's words (its start, middle or end), and what hides it.
    const at = [0, Math.max(0, (sentence.length >> 1) - 8), Math.max(0, sentence.length - 16)];
    let node: Text | undefined;
    for (const a of at) {
      const probe = sentence.slice(a, a + 16);
      node = nodes.find((n) => normalize(n.data).includes(probe));
      if (node) break;
    }
    const why = node ? hiddenBy(node) : null;
    if (why !== null) return why;
    // The probes may have found the sentence's words elsewhere (a visible teaser of a hidden
    // accordion's text), or the sentence may run over several text nodes: the innermost element
    // that holds all of it is asked instead.
    const holder = innermostHolding(bare);
    return (holder && hiddenBy(holder)) ?? 'read differently';
  });
}

/** The innermost element whose text holds the words `bare` (a skeleton), going down from the body. */
function innermostHolding(bare: string): Element | null {
  let at: Element | null = document.body;
  if (!at || !skeleton(at.textContent ?? '').includes(bare)) return null;
  for (;;) {
    let next: Element | null = null;
    for (const child of Array.from<Element>(at.children)) {
      if (NOT_TEXT.has(child.tagName)) continue;
      if (skeleton(child.textContent ?? '').includes(bare)) {
        next = child;
        break;
      }
    }
    if (next === null) return at;
    at = next;
  }
}

/** What hides `start` (a text node, or an element holding a sentence) for a reader, or null. */
function hiddenBy(node: Text | Element): string | null {
  {
    for (let e: Element | null = node instanceof Element ? node : node.parentElement; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none') return 'hidden: display none';
      if (cs.overflow !== 'visible' && (e.clientWidth <= 1 || e.clientHeight <= 1) && cs.display !== 'inline') {
        return 'hidden: clipped to nothing';
      }
    }
    const parent = node instanceof Element ? node : node.parentElement;
    const own = parent ? getComputedStyle(parent).visibility : 'visible';
    if (own === 'hidden' || own === 'collapse') return 'hidden: visibility';
    // What this rendering draws for no reader (the page waits for scripts the corpus does not
    // keep: a body faded in, text coloured once its web fonts load), by the browser's own tests.
    if (parent) {
      for (let e: Element | null = parent; e; e = e.parentElement) {
        if (getComputedStyle(e).opacity === '0') return 'hidden: opacity 0';
      }
      if (!parent.checkVisibility({ opacityProperty: true })) return 'hidden: not rendered';
      const cs = getComputedStyle(parent);
      if (/^rgba\(.*,\s*0\)$/.test(cs.getPropertyValue('-webkit-text-fill-color') || cs.color)) return 'hidden: transparent text';
      if (node instanceof Text && cutOff(node)) return 'hidden: cut off by a box that hides overflow';
    }
    return null;
  }
}

/**
 * Whether no glyph of `node` lies inside what the boxes around it that hide overflow (`hidden`,
 * `clip`) leave: a caption placed above the tile that clips it, the lines past a `line-clamp`.
 * Written apart from the extension's own rules (lib/page/seen/ancestry.ts), by the CSS rule alone: a
 * box clips what it holds unless a positioned descendant on the way takes its words out to a
 * containing block outside it (`absolute`: the nearest positioned ancestor; `fixed`: the view).
 */
function cutOff(node: Text): boolean {
  const range = document.createRange();
  range.selectNodeContents(node);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (rects.length === 0) return false;
  let left = -Infinity;
  let top = -Infinity;
  let right = Infinity;
  let bottom = Infinity;
  let escaping = false;
  for (let e = node.parentElement; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    const position = cs.position;
    // Out of the flow: the boxes between it and its containing block do not clip it.
    const clipsIt = !escaping || position !== 'static';
    if (clipsIt) {
      escaping = false;
      const b = e.getBoundingClientRect();
      const x = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
      const y = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
      if (x) {
        left = Math.max(left, b.left + e.clientLeft);
        right = Math.min(right, b.left + e.clientLeft + e.clientWidth);
      }
      if (y) {
        top = Math.max(top, b.top + e.clientTop);
        bottom = Math.min(bottom, b.top + e.clientTop + e.clientHeight);
      }
    }
    if (position === 'fixed') break;
    if (position === 'absolute') escaping = true;
  }
  return !rects.some(
    (r) => Math.min(r.right, right) > Math.max(r.left, left) && Math.min(r.bottom, bottom) > Math.max(r.top, top),
  );
}
