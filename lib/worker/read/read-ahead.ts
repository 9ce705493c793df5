/**
 * Tabs read while the question is typed. Reading is most of a cold question's wait (a hundred tabs
 * take seconds on two cores), and people take seconds to type: the screens say which tabs a
 * question would read as soon as its first words are in the box (only tabs it may read without
 * asking for any access: components/popup/use-read-ahead.ts), and they are read then, nothing sent
 * anywhere. At Ask each tab's reading ahead is joined, still going or done, and stands only as a
 * reading kept for a follow-up does (tab-reuse.ts `stillStands`): complete, at the same address,
 * and every frame saying nothing changed since. Otherwise the tab is read again. A reading that
 * began after the question reached the worker (its page's walk after Ask was pressed, as the
 * question's own reading would be) is not asked `unchanged`: no change can fall between it and
 * Ask, and the round trip per frame is what a reading begun at Ask does not pay. The check before
 * sending is asked at Ask like any question's, never taken from the reading ahead; a reading not
 * used within AHEAD_KEEP_MS is dropped.
 *
 * The reading itself is passed in, so this is tested without a browser.
 */
import type { SkippedTab } from '@/lib/shared/protocol/types';
import { bounded } from '@/lib/shared/core/time-limit';
import type { TabRead } from './frames';
import { pacedQueue } from './read-pace';
import { reusable, stillStands, type TabReadings, type Unchanged } from './tab-reuse';

/** How long a reading ahead waits for its question. */
export const AHEAD_KEEP_MS = 120_000;

/**
 * The longest a question waits on a reading ahead still going; every step of a reading is bounded
 * well within it (a frame 10 s, its videos 8 s), so this is only a guard. Past it, the tab is read again.
 */
export const AHEAD_JOIN_MS = 30_000;

/** What a tab needs to be read ahead: its id and address. */
export interface AheadTab {
  id?: number;
  url?: string;
}

interface Ahead {
  url: string;
  at: number;
  /**
   * When this reading ahead began (before its first request to the page), for a fresh reading
   * started here; undefined for a question's reading tracked here (which may be a reading kept
   * from before it) and until the reading's turn in the queue comes.
   */
  began?: number;
  /** Never rejects: a reading that failed, or a tab said unread, is null (read again at Ask). */
  reading: Promise<TabRead | null>;
}

/** A tab's reading as kept here: null when it failed or the tab was said unread. */
function readingOf(reading: Promise<TabRead | SkippedTab | null>): Promise<TabRead | null> {
  return reading.then(
    (r) => (!r || 'reason' in r ? null : r),
    () => null,
  );
}

export class AheadReads {
  private reads = new Map<number, Ahead>();
  /** A few tabs at a time, as a question reads them (read-pace.ts). */
  private queue = pacedQueue();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly keepMs = AHEAD_KEEP_MS,
  ) {}

  /**
   * Starts reading each of `tabs` that is not already being read ahead at its address; the number
   * started. `read` is the question's own reading of a tab.
   */
  start<T extends AheadTab>(tabs: T[], read: (tab: T) => Promise<TabRead | SkippedTab>): number {
    for (const [id, ahead] of this.reads) if (this.stale(ahead)) this.reads.delete(id);
    let started = 0;
    for (const tab of tabs) {
      if (tab.id === undefined || !tab.url) continue;
      const had = this.reads.get(tab.id);
      if (had?.url === tab.url) continue;
      const ahead: Ahead = { url: tab.url, at: this.now(), reading: Promise.resolve(null) };
      ahead.reading = readingOf(
        this.queue(() => {
          // Its turn in the queue: before any request to the page.
          ahead.began = this.now();
          return read(tab);
        }),
      );
      this.reads.set(tab.id, ahead);
      started++;
    }
    return started;
  }

  /**
   * Tab `tab` being read by a question: a read-ahead arriving meanwhile (the screens tell the
   * worker after a render, which may come after Ask) does not read it a second time, and the
   * next question may take it as it takes a reading ahead.
   */
  track(tab: AheadTab, reading: Promise<TabRead | SkippedTab | null>): void {
    if (tab.id === undefined || !tab.url) return;
    this.reads.set(tab.id, { url: tab.url, at: this.now(), reading: readingOf(reading) });
  }

  /**
   * Tab `tabId`'s reading ahead, waited for if still going, if it was of `url`, is not older than
   * AHEAD_KEEP_MS, and still stands (`unchanged` asked of each frame, unless the reading began
   * after `askedAt`, when the question reached the worker); otherwise null. Taken once.
   */
  async take(tabId: number, url: string, unchanged: Unchanged, signal?: AbortSignal, askedAt?: number): Promise<TabRead | null> {
    const ahead = this.reads.get(tabId);
    this.reads.delete(tabId);
    if (!ahead || ahead.url !== url || this.stale(ahead)) return null;
    let read: TabRead | null;
    try {
      read = await bounded(ahead.reading, AHEAD_JOIN_MS, signal);
    } catch {
      signal?.throwIfAborted();
      return null;
    }
    if (!read) return null;
    // Begun strictly after the question's clock reading, which came after Ask was pressed: its
    // walk read the page as it was after Ask, as the question's own reading would.
    if (askedAt !== undefined && ahead.began !== undefined && ahead.began > askedAt) return reusable(read) ? read : null;
    return stillStands(read, unchanged, signal);
  }

  /** How many tabs are read ahead, or being read. */
  get size(): number {
    return this.reads.size;
  }

  private stale(ahead: Ahead): boolean {
    return this.now() - ahead.at > this.keepMs;
  }
}

/**
 * A question's earlier readings: the tab's reading ahead first, then the thread's last reading of
 * it; a reading ahead that stands is kept for the thread's next question, as any new reading is.
 * `askedAt`: when the question reached the worker (a reading ahead begun after it needs no `unchanged`).
 */
export function aheadFirst(ahead: AheadReads, thread: TabReadings, askedAt?: number): TabReadings {
  return {
    async take(tabId, url, unchanged, signal) {
      const read = await ahead.take(tabId, url, unchanged, signal, askedAt);
      if (!read) return thread.take(tabId, url, unchanged, signal);
      thread.keep(tabId, url, read);
      return read;
    },
    keep: (tabId, url, read) => thread.keep(tabId, url, read),
  };
}
