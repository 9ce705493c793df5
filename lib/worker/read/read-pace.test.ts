import { describe, expect, it } from 'vitest';
import { pacedQueue, readsAtOnce } from './read-pace';

/** Each item given to one queue, as the scope's reading does with its tabs; results in order. */
function readAll<T, R>(items: T[], read: (item: T) => Promise<R>, limit: number, leaseMs?: number): Promise<R[]> {
  const queue = pacedQueue(limit, leaseMs);
  return Promise.all(items.map((item) => queue(() => read(item))));
}

describe('tabs read a few at a time', () => {
  it('never more at once than the limit, all of them read, results in order', async () => {
    let running = 0;
    let most = 0;
    const done = readAll(
      Array.from({ length: 10 }, (_, i) => i),
      async (i) => {
        running++;
        most = Math.max(most, running);
        // Later items finish first: the order of the results is still the items'.
        await new Promise((r) => setTimeout(r, 10 - i));
        running--;
        return i * 2;
      },
      3,
    );
    expect(await done).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(most).toBe(3);
  });

  it('suits the machine: twice its cores, within 4 and 16', () => {
    expect(readsAtOnce(2)).toBe(4);
    expect(readsAtOnce(4)).toBe(8);
    expect(readsAtOnce(64)).toBe(16);
    expect(readsAtOnce(undefined)).toBe(4);
  });

  it('gives the place of a read that waits past its lease to the next tab, and never more working at once than the limit', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    let working = 0;
    let mostWorking = 0;
    const release: Array<() => void> = [];
    const done = readAll(
      [0, 1, 2, 3, 4],
      async (i) => {
        started.push(i);
        if (i === 0 || i === 1) {
          // A tab that waits (a PDF being fetched, a frame that does not answer).
          await new Promise<void>((r) => (release[i] = r));
        } else {
          working++;
          mostWorking = Math.max(mostWorking, working);
          await new Promise((r) => setTimeout(r, 5));
          working--;
        }
        finished.push(i);
        return i;
      },
      2,
      30,
    );
    await new Promise((r) => setTimeout(r, 10));
    // Two places, both taken by tabs that wait: nobody else has started yet.
    expect(started).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 60));
    // Past their leases: the others have been read meanwhile, two at a time at most.
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toEqual([2, 3, 4]);
    expect(mostWorking).toBeLessThanOrEqual(2);
    release[0]!();
    release[1]!();
    expect(await done).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts a read that ends within its lease against the limit the whole time', async () => {
    let running = 0;
    let most = 0;
    await readAll(
      Array.from({ length: 8 }, (_, i) => i),
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      },
      2,
      1_000,
    );
    expect(most).toBe(2);
  });

  it('gives no more places to reads past their lease than the limit again: a loaded machine does not read every tab at once', async () => {
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const done = readAll(
      Array.from({ length: 12 }, (_, i) => i),
      async (i) => {
        running++;
        most = Math.max(most, running);
        // Every read outlasts its lease, as each does when the machine is loaded.
        await new Promise<void>((r) => (release[i] = r));
        running--;
      },
      2,
      10,
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(most).toBe(4);
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 15));
      release.forEach((r) => r());
    }
    await done;
    expect(most).toBe(4);
  });
});
