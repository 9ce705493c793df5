/**
 * The screens as a keyboard and screen-reader user meets them: what has the focus, by its role
 * and accessible name (from the browser's accessibility tree), whether the focus is visible,
 * and what a live region holds.
 */
import type { Page, SerializedAXNode } from 'puppeteer-core';

export interface Stop {
  role: string;
  name: string;
}

function walk(node: SerializedAXNode | null, visit: (n: SerializedAXNode) => boolean): SerializedAXNode | null {
  const stack = node ? [node] : [];
  while (stack.length > 0) {
    const n = stack.shift()!;
    if (visit(n)) return n;
    stack.unshift(...(n.children ?? []));
  }
  return null;
}

/** The control that has the keyboard focus, as the accessibility tree names it; null on the page itself. */
export async function focused(page: Page): Promise<Stop | null> {
  const found = walk(await page.accessibility.snapshot(), (n) => n.focused === true && n.role !== 'RootWebArea');
  return found ? { role: found.role, name: found.name ?? '' } : null;
}

/** "role name", for reading sequences in a failed expectation. */
export const label = (s: Stop | null) => (s ? `${s.role} ${s.name}` : 'nothing');

/** Whether the focused element draws a focus ring a sighted keyboard user can see (2 px or more). */
export async function focusRingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `role` named `name`, at most `max` times;
 * returns the stops passed on the way, the last being the one sought, each with whether its
 * focus ring showed.
 */
export async function tabTo(
  page: Page,
  role: string,
  name: string | RegExp,
  { max = 30, back = false } = {},
): Promise<Array<Stop & { ring: boolean }>> {
  const stops: Array<Stop & { ring: boolean }> = [];
  for (let i = 0; i < max; i++) {
    if (back) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (back) await page.keyboard.up('Shift');
    const now = await focused(page);
    stops.push({ ...(now ?? { role: 'nothing', name: '' }), ring: await focusRingShown(page) });
    if (now && now.role === role && (typeof name === 'string' ? now.name === name : name.test(now.name))) return stops;
  }
  throw new Error(`Tab never reached ${role} "${name}"; passed: ${stops.map(label).join(' → ')}`);
}

/** The text of each live region of `role` (`status`, `alert`) in the accessibility tree, in order. */
export async function liveRegions(page: Page, role: 'status' | 'alert'): Promise<string[]> {
  const tree = await page.accessibility.snapshot({ interestingOnly: false });
  const texts: string[] = [];
  walk(tree, (n) => {
    if (n.role !== role) return false;
    const parts: string[] = [];
    walk(n, (c) => {
      if (c.role === 'StaticText' && c.name) parts.push(c.name);
      return false;
    });
    texts.push(parts.join('').trim());
    return false;
  });
  return texts;
}
