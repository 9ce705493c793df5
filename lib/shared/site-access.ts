/**
 * Which sites a question needs the browser to let us read, and whether we may already: the pure
 * half of asking for permissions only when a scope needs them (README "Permissions"). The popup
 * reads the current tab through `activeTab`, which the toolbar click, the keyboard command and the
 * context menu grant for that one tab; the other tabs of a window need host access, which is
 * optional and asked for, with the reason, the first time the user asks about several tabs. The
 * request itself is an effect the screen passes in: it must run inside the click's user gesture.
 */
import type { Scope } from '@/lib/shared/storage';

/** The optional host permission of the manifest: every site. */
export const ALL_SITES = '<all_urls>';

/** Where the question is asked from: the toolbar popup, or the side panel beside the page. */
export type Surface = 'popup' | 'panel';

/** Host access a question lacks, and why it is needed, in the words shown before the request. */
export interface AccessNeed {
  origins: string[];
  reason: string;
}

export interface AccessQuery {
  scope: Scope;
  surface: Surface;
  /** The addresses of the tabs in scope: the active tab for "This tab", the ticked ones for "Choose tabs". */
  urls: readonly string[];
  /** Host permissions the extension holds now (`permissions.getAll().origins`). */
  granted: readonly string[];
  /**
   * Whether the browser gave us the active tab for this gesture's context: true in the popup,
   * which only the toolbar button, its keyboard command or the context menu open, each of which
   * grants `activeTab` for the tab beneath it.
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

const REASON_WINDOW =
  'To read the other tabs of this window, Cited Tabs needs your permission to read sites. Your browser asks you once; a tab is read only when you ask about it, and only what the question needs is sent.';
const reasonChosen = (n: number) =>
  `To read the ${n === 1 ? 'tab you chose' : `${n} tabs you chose`}, Cited Tabs needs your permission to read ${n === 1 ? 'its site' : 'their sites'}. Your browser asks you once for each site; a tab is read only when you ask about it.`;
const REASON_PANEL =
  'The side panel stays open as you move between tabs, so to read this tab it needs your permission to read its site. Your browser asks you once for that site.';

/**
 * The host access a question lacks, or null when it can go now. "This tab" in the popup never
 * needs any (`activeTab`); "All tabs in this window" needs every site, since the window's tabs
 * change; "Choose tabs" needs the chosen tabs' sites only; the side panel's "This tab" needs that
 * tab's site unless the browser granted the tab to us.
 */
export function accessNeeded({ scope, surface, urls, granted, activeTabGranted }: AccessQuery): AccessNeed | null {
  if (scope === 'window') return covers(granted, ALL_SITES) ? null : { origins: [ALL_SITES], reason: REASON_WINDOW };
  if (scope === 'tab' && (surface === 'popup' || activeTabGranted)) return null;
  const missing = [...new Set(urls.map(originPattern).filter((p): p is string => p !== null))].filter((p) => !covers(granted, p));
  if (missing.length === 0) return null;
  return { origins: missing, reason: scope === 'tab' ? REASON_PANEL : reasonChosen(urls.length) };
}

/** What the popup says when the browser's prompt was refused; the question stays in its box. */
export function refusedMessage(scope: Scope): string {
  return scope === 'window'
    ? 'Permission to read sites was not given, so the other tabs of this window cannot be read. Your question is kept: ask about this tab, or ask again to allow it.'
    : 'Permission to read those sites was not given, so those tabs cannot be read. Your question is kept: ask about this tab, or ask again to allow it.';
}
