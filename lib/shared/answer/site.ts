/** How a source is named to the reader, beside the page's title; the screens and the prompt both use it. */

/** The site a reader recognises: the host without a leading "www.". */
export function siteOf(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'file:') return 'local file';
    return u.host.replace(/^www\./, '') || u.protocol.replace(':', '');
  } catch {
    return url;
  }
}

/** The host of an address as typed (its port kept: a server on this computer is told by it); the text itself when it is no address. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
