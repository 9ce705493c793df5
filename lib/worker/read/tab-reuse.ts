/**
 * A tab's reading reused by the next question of the same thread when nothing in the tab changed
 * since: the same address, and every frame read says (through the script still in it) that
 * nothing changed since that reading (lib/page/read/change-watch.ts). A follow-up about thirty tabs
 * then costs thirty short messages, not thirty walks. A reading that was cut short by time or
 * read a page still changing is never reused: asked again, the page may give more.
 *
 * The browser calls are passed in, so this is tested without a browser.
 */
import { bounded } from '@/lib/shared/core/time-limit';
import type { TabRead } from './frames';

/** How long a frame has to say whether it changed; past that, the tab is read again. */
export const UNCHANGED_MS = 1_000;

export interface KeptRead {
  url: string;
  read: TabRead;
}

/** Whether a reading may stand for a later one: complete, and every frame able to vouch for it. */
export function reusable(read: TabRead): boolean {
  if (read.framesLate || (read.lateFrames ?? 0) > 0) return false;
  return read.frames.every(
    (f) => f.page.readId !== undefined && !f.page.isPdf && !f.page.coverage?.unsettled && f.page.coverage?.truncatedBy !== 'time',
  );
}

/** Whether frame `frameId` says nothing changed since its reading `readId` (the page script's `unchanged`). */
export type Unchanged = (frameId: number, readId: string) => Promise<boolean>;

/** Where a tab's earlier reading may come from, and where a new one is kept (read-tab.ts). */
export interface TabReadings {
  take(tabId: number, url: string, unchanged: Unchanged, signal?: AbortSignal): Promise<TabRead | null>;
  keep(tabId: number, url: string, read: TabRead): void;
}

/**
 * The readings of one thread's tabs, by tab: `take` gives a tab's earlier reading when it still
 * holds, `keep` stores a new one. Another thread starts from nothing.
 */
export class ReadCache implements TabReadings {
  private thread: string | null = null;
  private reads = new Map<number, KeptRead>();

  /** The readings of `threadId`; another thread's are dropped. */
  forThread(threadId: string): this {
    if (threadId !== this.thread) {
      this.thread = threadId;
      this.reads.clear();
    }
    return this;
  }

  keep(tabId: number, url: string, read: TabRead): void {
    if (reusable(read)) this.reads.set(tabId, { url, read });
    else this.reads.delete(tabId);
  }

  /**
   * The tab's earlier reading if it is at the same address and every frame says it is unchanged
   * (`unchanged`, bounded by UNCHANGED_MS); otherwise null, and the tab is read anew.
   */
  async take(tabId: number, url: string, unchanged: Unchanged, signal?: AbortSignal): Promise<TabRead | null> {
    const kept = this.reads.get(tabId);
    this.reads.delete(tabId);
    if (!kept || kept.url !== url) return null;
    return stillStands(kept.read, unchanged, signal);
  }
}

/**
 * `read` if it may stand for a reading now: complete (`reusable`), and every frame says, within
 * UNCHANGED_MS, that nothing changed since; otherwise null.
 */
export async function stillStands(read: TabRead, unchanged: Unchanged, signal?: AbortSignal): Promise<TabRead | null> {
  if (!reusable(read)) return null;
  try {
    const answers = await Promise.all(
      read.frames.map((f) => bounded(unchanged(f.frameId, f.page.readId!), UNCHANGED_MS, signal)),
    );
    return answers.every(Boolean) ? read : null;
  } catch {
    // A frame gone (the page navigated, the script with it), or too slow to say: read again.
    signal?.throwIfAborted();
    return null;
  }
}
