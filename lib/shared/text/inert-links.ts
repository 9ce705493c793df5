/**
 * Copied answers carry no live bait: an address in Claude's words (which a page can steer) or in
 * a quote would become a link wherever the copy is pasted, since Markdown renderers, mail and chat
 * turn bare addresses into links. Found as those linkifiers find them (`linkify-it`, the one
 * markdown-it uses: schemes, `www.`, bare domains by their top-level domain, e-mail addresses),
 * each is written "defanged", the convention of security reports: `hxxps://example[.]com`.
 * Readable, and no linkifier takes it for an address. Only the copy's source links stay links.
 */
import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';

// Bare domains by every top-level domain there is (the `tlds` list), as mail and chat apps link them.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(tlds);

/** One address made inert: its scheme bent, every dot bracketed, so none reads as a link. */
function defang(raw: string): string {
  return raw
    .replace(/^http(s?):/i, 'hxxp$1:')
    .replace(/^(?!hxxps?:)([a-z][a-z0-9+.-]*):/i, '$1[:]')
    .replace(/\./g, '[.]')
    .replace(/@/g, '[at]');
}

/** `text` with every address a linkifier would find in it made inert. */
export function inertLinks(text: string): string {
  const matches = linkify.match(text);
  if (!matches) return text;
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.index) + defang(text.slice(m.index, m.lastIndex));
    at = m.lastIndex;
  }
  return out + text.slice(at);
}

/** True when a linkifier would make a link of something in `text` (for the tests). */
export function hasLiveLink(text: string): boolean {
  return linkify.test(text);
}
