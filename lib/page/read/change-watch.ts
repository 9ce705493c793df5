/**
 * Whether a frame has changed since the page script last read it, so that a follow-up question
 * in the same thread can reuse that reading instead of walking the page again. Anything that can
 * change what is read counts: the DOM's nodes, text and attributes (a class or style can hide or
 * show text), the selection and the focus (the user's selection leads what is sent), the size of
 * the window (a layout that hides or shows). The first change is enough: the watch then stops,
 * so a busy page pays for one callback.
 */

export interface ChangeWatch {
  /** True once anything changed since the watch began. */
  changed(): boolean;
  stop(): void;
}

export function watchChanges(doc: Document): ChangeWatch {
  const view = doc.defaultView;
  let changed = false;
  const Observer: typeof MutationObserver | undefined =
    (view as (Window & typeof globalThis) | null)?.MutationObserver ?? globalThis.MutationObserver;
  const observer = Observer ? new Observer(() => mark()) : null;
  const events = ['selectionchange', 'focusin', 'resize'] as const;
  const stop = () => {
    observer?.disconnect();
    for (const e of events) (e === 'resize' ? view : doc)?.removeEventListener(e, mark, true);
  };
  function mark() {
    changed = true;
    stop();
  }
  observer?.observe(doc, { subtree: true, childList: true, characterData: true, attributes: true });
  for (const e of events) (e === 'resize' ? view : doc)?.addEventListener(e, mark, true);
  // A change made in this task has its record queued, not yet delivered: taken now, it counts.
  const changedNow = () => {
    if (!changed && observer && observer.takeRecords().length > 0) mark();
    return changed;
  };
  return { changed: changedNow, stop };
}
