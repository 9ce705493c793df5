/**
 * The favicon shown beside a citation's title: the `favIconUrl` the browser reports for the
 * citation's tab, while that tab still shows the cited page; otherwise none. The extension never
 * looks a favicon up anywhere itself. Provided by the app from its window's tabs.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { sameDocument } from '@/lib/shared/access/tabs';

export interface TabIcon {
  url: string;
  favIconUrl?: string;
}

export const FaviconContext = createContext<ReadonlyMap<number, TabIcon>>(new Map());

/** Only images the browser already has: web addresses it loaded for the tab, or inline data. */
export function safeIcon(url: string | undefined): string | null {
  if (!url) return null;
  return /^(https?:|data:image\/)/i.test(url) ? url : null;
}

export function iconFor(icons: ReadonlyMap<number, TabIcon>, citation: { tabId: number; url: string }): string | null {
  const tab = icons.get(citation.tabId);
  if (!tab || !sameDocument(tab.url, citation.url)) return null;
  return safeIcon(tab.favIconUrl);
}

export function useFavicon(citation: { tabId: number; url: string }): string | null {
  return iconFor(useContext(FaviconContext), citation);
}
