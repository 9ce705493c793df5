/**
 * What the page script does when the background asks it to read its frame: wait for the page to
 * settle (capped; a page long still is read at once and watched meanwhile: settle.ts), read it
 * within its budgets, and say how completely it was read. Each frame of
 * a tab (the page, and every frame embedded in it) is read by a script of its own.
 */
import { docOf } from '@/lib/page/dom/dom';
import { framePath } from '@/lib/page/dom/frame-path';
import { extractPage, type ExtractOptions } from './extract';
import { hiddenChildFrames } from '@/lib/page/seen/frame-visibility';
import { DEFAULT_SETTLE_CAP_MS, probeOf, settle, watchQuiet, type SettleOptions } from './settle';
import {
  capText,
  MAX_HEADING_CHARS,
  MAX_PASSAGE_CHARS,
  MAX_PASSAGES,
  MAX_TITLE_CHARS,
  MAX_URL_CHARS,
} from '@/lib/shared/core/limits';
import type { PassageVerdict } from './passage-check';
import type { FrameFocus, PageText } from '@/lib/shared/protocol/types';
import { asker } from '@/lib/shared/seen/seen';

export interface ReadFrameOptions extends ExtractOptions {
  settle?: SettleOptions;
  /**
   * Told of each reading as soon as it is made, before the rest of a probe is waited for (a
   * page long still is watched for changes while it is read): the page script checks a small
   * frame's passages then. Again for a reading made again. `checked`: the reading was made with
   * every test (`checkUpTo`), and this is its verdict on every passage.
   */
  onRead?: (page: PageText, checked?: PassageVerdict) => void;
  /**
   * The most characters of a frame read and checked whole in one walk (lib/page/read/extract.ts
   * `check`): a frame whose text is plainly no longer than this (its text content, scripts and
   * all, is not) is read with every test; a larger one is read as usual.
   */
  checkUpTo?: number;
  /** Filled in with when the page settled and when the walk ended (lib/shared/protocol/read-timing.ts). */
  marks?: { settled?: number; walked?: number };
}

/** The most hidden frames a page reports (the worker accepts no more). */
const MAX_HIDDEN_CHILDREN = 500;

/** The table's row of a frame's own size (lib/shared/seen/seen.ts `MIN_FRAME_SIDE`): a hidden or tracking frame shows nothing. */
const askFrameSide = asker(['frameSide']);

export async function readFrame(doc: Document, options: ReadFrameOptions = {}): Promise<PageText> {
  const view = docOf.view(doc);
  const childFrames = view?.frames?.length ?? 0;
  if (view && !isTopFrame(view) && askFrameSide({ frameSide: Math.min(view.innerWidth, view.innerHeight) }).seen !== 'seen') {
    return {
      url: capText(doc.URL, MAX_URL_CHARS),
      title: capText(doc.title ?? '', MAX_TITLE_CHARS),
      passages: [],
      chars: 0,
      coverage: { readShare: 1, hiddenFrame: true, childFrames },
    };
  }
  const { marks } = options;
  const read = (settled: boolean): PageText => {
    if (marks) marks.settled = Date.now();
    // The selection is read after the wait: the user may have selected while the page settled.
    const selection = options.selection ?? userSelection(view);
    const onWalked = marks ? () => (marks.walked = Date.now()) : options.onWalked;
    let checked: PassageVerdict | undefined;
    const page = extractPage(doc, {
      ...options,
      selection,
      ...(onWalked ? { onWalked } : {}),
      ...(options.checkUpTo !== undefined && plainlyWithin(doc, options.checkUpTo)
        ? { check: true, onChecked: (verdict: PassageVerdict) => (checked = verdict) }
        : {}),
    });
    page.coverage = { readShare: 1, ...page.coverage, childFrames };
    const hiddenChildren = childFrames > 0 ? hiddenChildFrames(doc) : [];
    if (hiddenChildren.length > 0) page.coverage.hiddenChildren = hiddenChildren.slice(0, MAX_HIDDEN_CHILDREN);
    if (!settled) page.coverage.unsettled = true;
    if (view) page.focus = frameFocus(doc, view);
    withinLimits(page);
    options.onRead?.(page, checked);
    return page;
  };
  const probe = probeOf(doc, options.settle);
  if (probe === undefined) return read((await settle(doc, options.settle)).settled);
  // Long still: read at once, and watched for the probe meanwhile rather than before. Nothing
  // changed by the probe's end, and the reading stands; a change, and the page gets the whole
  // quiet period and is read again, as it would have been.
  const started = Date.now();
  const watch = watchQuiet(doc);
  const page = read(true);
  await new Promise((r) => setTimeout(r, Math.max(0, probe - (Date.now() - started))));
  const changed = watch.changed();
  watch.stop();
  if (!changed) return page;
  const capMs = Math.max(0, (options.settle?.capMs ?? DEFAULT_SETTLE_CAP_MS) - (Date.now() - started));
  return read((await settle(doc, { ...options.settle, stillForMs: 0, capMs })).settled);
}

/**
 * Whether the text of `doc` is plainly no longer than `chars`: all its text nodes (what the walk
 * may read, and scripts, styles and hidden text besides) hold no more. A walk that asks nothing of
 * any element and stops once past `chars`: a small part of a reading.
 */
export function plainlyWithin(doc: Document, chars: number): boolean {
  const root = docOf.root(doc);
  if (!root) return false;
  const walker = docOf.createTreeWalker(doc, root, 4 /* NodeFilter.SHOW_TEXT */);
  let total = 0;
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    total += (n as Text).data.length;
    if (total > chars) return false;
  }
  return true;
}

/** The page's own strings cut to what the worker accepts (lib/shared/core/limits.ts). */
function withinLimits(page: PageText): PageText {
  page.title = capText(page.title, MAX_TITLE_CHARS);
  page.url = capText(page.url, MAX_URL_CHARS);
  if (page.passages.length > MAX_PASSAGES) page.passages = page.passages.slice(0, MAX_PASSAGES);
  for (const p of page.passages) {
    if (p.text.length > MAX_PASSAGE_CHARS) p.text = capText(p.text, MAX_PASSAGE_CHARS);
    if (p.heading !== undefined && p.heading.length > MAX_HEADING_CHARS) p.heading = capText(p.heading, MAX_HEADING_CHARS);
  }
  return page;
}

/**
 * The ranges of the frame's selection, when the user may have made it: a frame the user never
 * clicked or typed in (no user activation, which a selection by mouse or keys gives) holds only
 * what its script selected. Whoever made it, its words are checked before they are sent.
 */
function userSelection(view: (Window & typeof globalThis) | null): Range[] {
  const selection = view?.getSelection?.();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return [];
  const activation = (view!.navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (activation !== undefined && !activation.hasBeenActive) return [];
  const ranges: Range[] = [];
  for (let i = 0; i < selection.rangeCount; i++) ranges.push(selection.getRangeAt(i));
  return ranges;
}

/**
 * Where this frame sits and where its focus goes: its index in each ancestor's `frames`, from
 * the top, and the index of the embedded frame that has the focus, if one does. Indexes of
 * `frames` are readable across origins. The background follows `child` from the top frame to
 * the one frame that has the focus: only that frame's selection is the user's.
 */
function frameFocus(doc: Document, view: Window): FrameFocus {
  const { path } = framePath(view);
  let active: Element | null = docOf.active(doc);
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  let child: number | null = null;
  const win =
    active && (active.tagName === 'IFRAME' || active.tagName === 'FRAME') ? (active as HTMLIFrameElement).contentWindow : null;
  if (win) {
    for (let i = 0; i < view.length; i++) {
      if (view[i] === win) {
        child = i;
        break;
      }
    }
  }
  return { path, child };
}

function isTopFrame(view: Window): boolean {
  try {
    return view === view.top || view.top === null;
  } catch {
    return false;
  }
}
