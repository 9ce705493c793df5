/**
 * What a click on a citation found, said in the page itself when the popup that would have said
 * it is gone: bringing the cited tab in front to prove its words on screen closes the popup, and
 * a quote then found not shown (or not confirmed) would leave the user with no highlight and no
 * word. Our own element in a closed shadow root (the page can neither style it nor read it
 * through the DOM), holding our text only, at the top of the window for a few seconds, announced
 * to screen readers. Pure DOM code.
 */
import { docOf } from '@/lib/page/dom/dom';

/** How long the note stays. */
export const NOTE_MS = 10_000;

const HOST_ATTR = 'data-cited-tabs-note';

const NOTE_CSS = `
:host { all: initial; }
.note {
  position: fixed; z-index: 2147483647; inset-block-start: 12px; inset-inline: 12px; margin-inline: auto;
  box-sizing: border-box; max-width: min(36em, calc(100vw - 24px)); padding: 0.6em 0.9em; border-radius: 8px;
  border-inline-start: 4px solid #ffd400; background: #1f1f1f; color: #fff;
  font: 15px/1.45 system-ui, sans-serif; pointer-events: none; overflow-wrap: anywhere;
}`;

/** Shows `text` (our words, never the page's markup) at the top of the window for `ms`, replacing an earlier note. */
export function showRevealNote(doc: Document, text: string, ms = NOTE_MS): void {
  for (const el of docOf.all(doc, `[${HOST_ATTR}]`)) el.remove();
  const host = docOf.createElement(doc, 'div');
  host.setAttribute(HOST_ATTR, '');
  const root = host.attachShadow({ mode: 'closed' });
  const style = docOf.createElement(doc, 'style');
  style.textContent = NOTE_CSS;
  const box = docOf.createElement(doc, 'div');
  box.className = 'note';
  box.setAttribute('role', 'alert');
  box.dir = 'auto';
  box.textContent = text;
  root.append(style, box);
  docOf.root(doc)?.append(host);
  docOf.view(doc)?.setTimeout(() => host.remove(), ms);
}
