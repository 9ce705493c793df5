/**
 * The popup timed as a user meets it, for the benchmarks (tests/bench/popup.ts,
 * tests/bench/history.ts): a copy of a build whose popup.html first runs a small probe, the
 * toolbar click → question box focused of a real popup, and the median the benches report.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { Harness } from './extension-browser';

/**
 * Noted in the popup, before its own scripts run: when the question box is first in the page and
 * when it first has the focus (`performance.now()`, from the popup's navigation start).
 */
export const PROBE = `(() => {
  const box = () => document.getElementById('question');
  const note = () => {
    const b = box();
    if (b && window.__benchShown === undefined) window.__benchShown = performance.now();
    if (b && document.activeElement === b && window.__benchFocused === undefined) window.__benchFocused = performance.now();
  };
  document.addEventListener('focusin', note, true);
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (...args) { const r = focus.apply(this, args); note(); return r; };
  new MutationObserver(note).observe(document, { childList: true, subtree: true });
})();`;

/** A copy of the build at `dir` whose popup.html runs the probe first. */
export function probed(dir: string): { dir: string; remove: () => void } {
  const copy = mkdtempSync(join(tmpdir(), 'cited-tabs-bench-popup-'));
  cpSync(dir, copy, { recursive: true });
  writeFileSync(join(copy, 'bench-probe.js'), PROBE);
  const html = readFileSync(join(copy, 'popup.html'), 'utf8');
  if (!html.includes('<head>')) throw new Error(`no <head> in ${dir}/popup.html`);
  writeFileSync(join(copy, 'popup.html'), html.replace('<head>', '<head><script src="/bench-probe.js"></script>'));
  return { dir: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

export interface Round {
  /** Milliseconds from the toolbar click. */
  triggered: number;
  navigation: number;
  scripts: number;
  shown: number;
  focused: number;
  /** Milliseconds from the popup's navigation start: the part the extension's own code decides. */
  own: number;
}

/**
 * Opens the popup over `page` by its toolbar button and measures it; closes it, or with `use`,
 * first hands the open popup to `use` (what a bench measures next in it).
 */
export async function openTimed(h: Harness, page: Page, use?: (popup: Page) => Promise<void>): Promise<Round> {
  await page.bringToFront();
  const extension = [...(await h.browser.extensions()).values()][0];
  if (!extension) throw new Error('no extension installed');
  const clicked = Date.now();
  await page.triggerExtensionAction(extension);
  const triggered = Date.now() - clicked;
  const target = await h.browser.waitForTarget((t) => t.url().endsWith('/popup.html'));
  const popup = (await target.asPage())!;
  try {
    await popup.waitForFunction(() => (window as { __benchFocused?: number }).__benchFocused !== undefined, {
      timeout: 30_000,
    });
    const t = await popup.evaluate(() => {
      const w = window as { __benchShown?: number; __benchFocused?: number };
      // Module scripts run before DOMContentLoaded: by then the first load has arrived and run.
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        origin: performance.timeOrigin,
        scripts: nav.domContentLoadedEventStart,
        shown: w.__benchShown!,
        focused: w.__benchFocused!,
      };
    });
    const since = t.origin - clicked;
    await use?.(popup);
    return {
      triggered,
      navigation: since,
      scripts: since + t.scripts,
      shown: since + t.shown,
      focused: since + t.focused,
      own: t.focused,
    };
  } finally {
    await popup.close().catch(() => {});
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
