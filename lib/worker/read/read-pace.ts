/**
 * How many tabs are read at once. Each tab reads itself in its own renderer, so reading them in
 * parallel is what makes thirty tabs cost little more than one; but a machine has only so many
 * cores, and thirty walks at once share them, each slower, all finishing late (measured: all
 * thirty at once took half as long again as four at a time on two cores). A few more than the
 * cores keeps them busy without piling up. The places are for reads that work, not for reads that
 * wait: a read still going after `READ_LEASE_MS` (a page in view still changing, settling up to
 * 3 s; a PDF being fetched; a frame that does not answer, up to 10 s) gives its place to the next
 * tab, and takes none back when it ends. But on a loaded machine a read that works can pass its
 * lease too, and a hundred tabs would then all be read at once: no more places are given than
 * the limit again (`extraPlaces`), so at most twice the limit read at a time. p-limit (small,
 * well kept) does the queueing; its concurrency is raised for each read that waits, and lowered
 * again when it ends.
 */
import pLimit from 'p-limit';

/** Reads at once: the cores and as many again, at least 4, at most 16. */
export function readsAtOnce(cores: number | undefined): number {
  return Math.min(16, Math.max(4, 2 * (cores || 2)));
}

/** A read going on longer than this is waiting (on its page, a fetch, a frame), not working. */
export const READ_LEASE_MS = 1_000;

/**
 * A queue of at most `limit` reads working at a time, where a read past `leaseMs` no longer
 * counts against the limit: each read given to it starts when it has a place.
 */
export function pacedQueue(
  limit = readsAtOnce(globalThis.navigator?.hardwareConcurrency),
  leaseMs = READ_LEASE_MS,
  extraPlaces = limit,
): <R>(read: () => Promise<R>) => Promise<R> {
  const run = pLimit(limit);
  const leased = async <R>(read: () => Promise<R>): Promise<R> => {
    let waiting = false;
    const lease = setTimeout(() => {
      if (run.concurrency >= limit + extraPlaces) return;
      waiting = true;
      run.concurrency++;
    }, leaseMs);
    try {
      return await read();
    } finally {
      clearTimeout(lease);
      if (waiting) run.concurrency--;
    }
  };
  return (read) => run(() => leased(read));
}
