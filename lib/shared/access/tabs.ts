/**
 * Which tabs an extension may read. Browsers forbid scripts in their own pages and in the
 * extension stores; saying so up front beats a cryptic scripting error.
 */
import { t } from '@/lib/shared/core/i18n';

const STORE_PAGES: Array<[host: string, pathPrefix: string]> = [
  ['chromewebstore.google.com', '/'],
  ['chrome.google.com', '/webstore'],
  ['microsoftedge.microsoft.com', '/addons'],
  ['addons.mozilla.org', '/'],
];

export function unreadableReason(url: string | undefined): string | null {
  if (!url) return t('unreadableHidden');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return t('unreadableNotWeb');
  }
  if (u.protocol === 'file:') return null;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return t('unreadableBrowserPage');
  }
  if (STORE_PAGES.some(([host, path]) => u.hostname === host && u.pathname.startsWith(path))) {
    return t('unreadableStore');
  }
  return null;
}

/** Same document, ignoring the fragment: a `#section` jump is not a navigation away. */
export function sameDocument(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}
