/**
 * What a screen's layout shows a user, measured in the real browser with no knowledge of its
 * markup: whether anything scrolls sideways (the page, a part of it, or an element past the
 * viewport's edge), and whether a given piece of text is in view without scrolling: its first
 * line inside the viewport and not covered by anything (a sticky bar, a scroll container's edge).
 * Things are found by role, accessible name and text only, so a redesign that keeps those keeps
 * these measures meaningful (issue #43).
 */
import type { ElementHandle, Page } from 'puppeteer-core';

/** Where a text's first line is, and whether a user sees it without scrolling. */
export interface TextInView {
  /** The first line's top and bottom, in CSS pixels from the viewport's top. */
  top: number;
  bottom: number;
  /** Inside the viewport, top and bottom, left and right. */
  inside: boolean;
  /** What the browser hits at the line's middle when it is not the text's own element (a cover), else null. */
  coveredBy: string | null;
}

export interface Layout {
  /** The viewport as the page lays out in it (without a classic scrollbar). */
  width: number;
  height: number;
  /** The page's own scrolling box: wider than `width` means the page scrolls sideways. */
  scrollWidth: number;
  /** Taller than `height` means the whole page scrolls, its header and question box with it. */
  scrollHeight: number;
  /** Elements that reach past the viewport's left or right edge (what is clipped by an ancestor left out). */
  wide: string[];
  /** Parts of the page that scroll sideways inside themselves. */
  sideScrollers: string[];
}

/**
 * Waits until nothing moves: the page's and every element's scroll positions and the page's
 * height the same twice in a row, 250 ms apart (a smooth scroll to the answer has finished), at
 * most 5 s. Timers, not animation frames: a tab in the background gets none of those.
 */
export async function settle(page: Page): Promise<void> {
  const state = () =>
    page.evaluate(() => {
      const tops = [document.scrollingElement!, ...document.querySelectorAll('body *')]
        .filter((el) => el.scrollTop || el.scrollLeft)
        .map((el) => `${el.scrollTop},${el.scrollLeft}`);
      return `${document.scrollingElement!.scrollHeight}|${tops.join(';')}`;
    });
  let last = await state();
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await state();
    if (now === last) return;
    last = now;
  }
}

/** Whether anything in `page` scrolls sideways, or reaches past the viewport's edges. */
export async function measureLayout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = document.documentElement.clientWidth;
    const describe = (el: Element, extra: string) => {
      const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const label = el.getAttribute('aria-label') ?? el.getAttribute('role') ?? '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}${label ? ` ${label}` : ''}> "${text}" ${extra}`;
    };
    /** The part of `el` not clipped by an ancestor whose overflow cuts it (hidden, clip, auto, scroll). */
    const visibleSpan = (el: Element): [number, number] => {
      const r = el.getBoundingClientRect();
      let [left, right] = [r.left, r.right];
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (a === document.body) break;
        if (getComputedStyle(a).overflowX !== 'visible') {
          const ar = a.getBoundingClientRect();
          left = Math.max(left, ar.left);
          right = Math.min(right, ar.right);
        }
      }
      return [left, right];
    };
    const wide: string[] = [];
    const sideScrollers: string[] = [];
    for (const el of document.querySelectorAll('body, body *')) {
      const r = el.getBoundingClientRect();
      // Nothing a reader sees: not rendered, or visually hidden text for screen readers (1 px).
      if (r.width <= 1 || r.height <= 1) continue;
      const [left, right] = visibleSpan(el);
      if (right > left && (right > width + 0.5 || left < -0.5)) {
        wide.push(describe(el, `from ${Math.round(left)} to ${Math.round(right)} px`));
      }
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth) {
        sideScrollers.push(describe(el, `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`));
      }
    }
    return {
      width,
      height: root.clientHeight,
      scrollWidth: root.scrollWidth,
      scrollHeight: root.scrollHeight,
      wide,
      sideScrollers,
    };
  });
}

/**
 * The first line of `words` inside `container` (the first text node that holds their start), and
 * whether it is in view: inside the viewport and the topmost thing at its middle. Null when the
 * container does not show those words.
 */
export async function textInView(container: ElementHandle, words: string): Promise<TextInView | null> {
  return container.evaluate((root, words) => {
    const start = words.slice(0, 24);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const at = node.data.indexOf(start);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const line = range.getClientRects()[0] ?? range.getBoundingClientRect();
      const vw = document.documentElement.clientWidth;
      const vh = document.documentElement.clientHeight;
      const inside = line.top >= -0.5 && line.bottom <= vh + 0.5 && line.left >= -0.5 && line.right <= vw + 0.5;
      let coveredBy: string | null = null;
      if (inside) {
        const own = node.parentElement!;
        const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
        const ours = hit && (hit === own || own.contains(hit) || (hit.contains(own) && root.contains(hit)));
        if (!ours) {
          coveredBy = hit
            ? `<${hit.tagName.toLowerCase()}> "${((hit as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').slice(0, 40)}"`
            : 'nothing';
        }
      }
      return { top: Math.round(line.top), bottom: Math.round(line.bottom), inside, coveredBy };
    }
    return null;
  }, words);
}

/** The element with `role` and accessible `name` whose text holds `words` (the latest, when several do); null if none. */
export async function byRoleWithText(
  page: Page,
  role: string,
  name: string | null,
  words: string,
): Promise<ElementHandle | null> {
  const selector = name === null ? `::-p-aria([role="${role}"])` : `::-p-aria([name="${name}"][role="${role}"])`;
  let found: ElementHandle | null = null;
  for (const el of await page.$$(selector)) {
    if (await el.evaluate((e, w) => (e.textContent ?? '').includes(w), words)) found = el;
  }
  return found;
}
