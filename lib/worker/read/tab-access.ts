/**
 * Whether the browser lets the extension read a tab now, asked of the browser itself: the side
 * panel asks this before it shows its access note for "This tab". What the screens know of our
 * `activeTab` grants (lib/shared/store/tab-grants.ts, the context menu's intent) is written by the
 * worker after the browser has given the tab, and may reach the panel after the user has pressed
 * Ask; the browser's own answer cannot lag. The probe is one line of script in the tab's own
 * document, run at once; a page too busy to run it in time is taken as not readable, so the
 * panel falls back to asking, as before.
 *
 * The injection is passed in, so this is tested without a browser.
 */
import { bounded } from '@/lib/shared/core/time-limit';

/** How long the probe has; a refused injection fails at once, so only a busy page takes this long. */
export const PROBE_MS = 1_000;

export async function canReadTab(inject: () => Promise<unknown>, ms = PROBE_MS): Promise<boolean> {
  try {
    await bounded(inject(), ms);
    return true;
  } catch {
    // Refused (no access to the tab's site, a page no extension may script) or too slow to say.
    return false;
  }
}
