/**
 * Which tabs the browser has given us through `activeTab`, so that the side panel reads such a
 * tab without asking for its site (lib/shared/access/site-access.ts). The browser says so to no one:
 * the grant comes with a gesture (the popup opened over the tab, the context menu, the panel's
 * keyboard command) and lasts until the tab loads another page, so each is recorded with the
 * page it was given for, and counts only while the tab still shows that page and has not
 * loaded anew.
 */

export interface TabGrant {
  tabId: number;
  /** The page the tab showed when it was given, without its fragment. */
  url: string;
}

/** At most this many grants are kept: the latest. */
export const MAX_TAB_GRANTS = 50;

const withoutFragment = (url: string) => url.split('#')[0]!;

/** The grants with `tabId`'s (for `url`) recorded, replacing an older one of that tab. */
export function addGrant(grants: readonly TabGrant[], tabId: number, url: string): TabGrant[] {
  return [...grants.filter((g) => g.tabId !== tabId), { tabId, url: withoutFragment(url) }].slice(-MAX_TAB_GRANTS);
}

/** The grants without `tabId`'s: it loaded a page, or closed. */
export function dropGrant(grants: readonly TabGrant[], tabId: number): TabGrant[] {
  return grants.filter((g) => g.tabId !== tabId);
}

/** Whether the browser gave us `tabId` while it showed the page it shows now (`url`). */
export function hasGrant(grants: readonly TabGrant[], tabId: number, url: string): boolean {
  return grants.some((g) => g.tabId === tabId && g.url === withoutFragment(url));
}

/**
 * "Choose tabs": the chosen tabs the browser has not given us, whose sites are then asked for. A
 * tab it gave us is read as it is: one recorded in `grants` while it shows the same page, and the
 * active tab where `activeGiven` (the popup, which only a gesture over that tab opens).
 */
export function tabsNotGiven<T extends { id: number; url: string; active?: boolean }>(
  tabs: readonly T[],
  grants: readonly TabGrant[],
  activeGiven: boolean,
): T[] {
  return tabs.filter((t) => !(activeGiven && t.active) && !hasGrant(grants, t.id, t.url));
}
