/**
 * How many tabs are read at once. Each tab reads itself in its own renderer, so reading them in
 * parallel is what makes thirty tabs cost little more than one; but a machine has only so many
 * cores, and thirty walks at once share them, each slower, all finishing late (measured: all
 * thirty at once took half as long again as four at a time on two cores). A few more than the
 * cores keeps them busy without piling up. The places are for reads that work, not for reads that
 * wait: a read still going after `READ_LEASE_MS` (a page in view still changing, settling up to
 * 3 s; a PDF being fetched; a frame that does not answer, up to 10 s) gives its place to the next
 * tab, and takes none back when it ends. p-limit (small, well kept) does the queueing; its
 * concurrency is raised for each read that waits, and lowered again when it ends.
 */
import pLimit from 'p-limit';

/** Reads at once: the cores and as many again, at least 4, at most 16. */
export function readsAtOnce(cores: number | undefined): number {
  return Math.min(16, Math.max(4, 2 * (cores || 2)));
}

/** A read going on longer than this is waiting (on its page, a fetch, a frame), not working. */
export const READ_LEASE_MS = 1_000;

/**
 * `read` over `items`, at most `limit` working at a time, results in the items' order; a read
 * past `leaseMs` no longer counts against the limit.
 */
export function readAtPace<T, R>(
  items: T[],
  read: (item: T) => Promise<R>,
  limit = readsAtOnce(globalThis.navigator?.hardwareConcurrency),
  leaseMs = READ_LEASE_MS,
): Promise<R[]> {
  const run = pLimit(limit);
  const leased = async (item: T): Promise<R> => {
    let waiting = false;
    const lease = setTimeout(() => {
      waiting = true;
      run.concurrency++;
    }, leaseMs);
    try {
      return await read(item);
    } finally {
      clearTimeout(lease);
      if (waiting) run.concurrency--;
    }
  };
  return Promise.all(items.map((item) => run(() => leased(item))));
}
