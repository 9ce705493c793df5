/**
 * Which sites a question needs the browser to let us read, and whether we may already: the pure
 * half of asking for permissions only when a scope needs them (docs/permissions.md). The popup
 * reads the current tab through `activeTab`, which the toolbar click, the keyboard command and the
 * context menu grant for that one tab; the other tabs of a window need host access, which is
 * optional and asked for, with the reason, the first time the user asks about several tabs. The
 * request itself is an effect the screen passes in: it must run inside the click's user gesture.
 */
import type { Scope } from '@/lib/shared/answer/run-state';

/** The optional host permission of the manifest: every site. */
export const ALL_SITES = '<all_urls>';

/**
 * Host access a question lacks, and why it is needed: the screen says so in words before the
 * request ("window": all tabs of the window; "chosen": `count` chosen tabs; "panel": the side
 * panel's current tab).
 */
export interface AccessNeed {
  origins: string[];
  reason: 'window' | 'chosen' | 'panel';
  count: number;
}

export interface AccessQuery {
  scope: Scope;
  /** The addresses of the tabs in scope: the active tab for "This tab", the ticked ones for "Choose tabs". */
  urls: readonly string[];
  /** Host permissions the extension holds now (`permissions.getAll().origins`). */
  granted: readonly string[];
  /**
   * Whether the browser gave us the active tab: always in the popup, which only the toolbar
   * button, its keyboard command or the context menu open, each of which grants `activeTab` for
   * the tab beneath it; in the side panel, only when that is how it was opened for this tab.
   */
  activeTabGranted: boolean;
}

/** `https://example.org/*` for a readable address; null for pages no permission opens (chrome:, about:, data:). */
export function originPattern(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return `${u.protocol}//${u.hostname}/*`;
}

/** Whether one of the granted patterns covers `pattern` (all sites, or that very origin). */
export function covers(granted: readonly string[], pattern: string): boolean {
  const scheme = pattern.slice(0, pattern.indexOf(':'));
  return granted.some(
    (g) =>
      g === ALL_SITES ||
      g === '*://*/*' ||
      g === `${scheme}://*/*` ||
      g === pattern ||
      (g.startsWith('*://') && g.slice(1) === pattern.slice(scheme.length)),
  );
}

/**
 * The host access a question lacks, or null when it can go now. "This tab" needs none when the
 * browser granted us the tab (`activeTab`: always in the popup), else that tab's site; "All tabs
 * in this window" needs every site, since the window's tabs change; "Choose tabs" needs the
 * chosen tabs' sites only.
 */
export function accessNeeded({ scope, urls, granted, activeTabGranted }: AccessQuery): AccessNeed | null {
  if (scope === 'window')
    return covers(granted, ALL_SITES) ? null : { origins: [ALL_SITES], reason: 'window', count: urls.length };
  if (scope === 'tab' && activeTabGranted) return null;
  const missing = [...new Set(urls.map(originPattern).filter((p): p is string => p !== null))].filter((p) => !covers(granted, p));
  if (missing.length === 0) return null;
  return { origins: missing, reason: scope === 'tab' ? 'panel' : 'chosen', count: urls.length };
}

/**
 * The side panel's need for its tab's site, once the browser has had its say: none when it lets
 * us read the tab already (`canRead`, lib/worker/read/tab-access.ts), since the grant it gave us (the
 * context menu, the popup opened over the tab) may reach the panel's own records after the user
 * pressed Ask. Any other need is left as it is; a probe that fails leaves it too.
 */
export async function confirmedNeed(
  need: AccessNeed | null,
  tabId: number | undefined,
  canRead: (tabId: number) => Promise<boolean>,
): Promise<AccessNeed | null> {
  if (need?.reason !== 'panel' || tabId === undefined) return need;
  return (await canRead(tabId).catch(() => false)) ? null : need;
}
