/**
 * How many tabs are read at once. Each tab reads itself in its own renderer, so reading them in
 * parallel is what makes thirty tabs cost little more than one; but a machine has only so many
 * cores, and thirty walks at once share them, each slower, all finishing late. A few more than
 * the cores (a read also waits on the page's settling and on messages) keeps them busy without
 * piling up. p-limit (small, well kept) does the queueing.
 */
import pLimit from 'p-limit';

/** Reads at once: the cores and as many again, at least 4, at most 16. */
export function readsAtOnce(cores: number | undefined): number {
  return Math.min(16, Math.max(4, 2 * (cores || 2)));
}

/** `read` over `items`, at most `readsAtOnce` at a time, results in the items' order. */
export function readAtPace<T, R>(
  items: T[],
  read: (item: T) => Promise<R>,
  limit = readsAtOnce(globalThis.navigator?.hardwareConcurrency),
): Promise<R[]> {
  const run = pLimit(limit);
  return Promise.all(items.map((item) => run(() => read(item))));
}
