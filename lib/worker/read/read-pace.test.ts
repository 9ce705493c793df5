import { describe, expect, it } from 'vitest';
import { readAtPace, readsAtOnce } from './read-pace';

describe('tabs read a few at a time', () => {
  it('never more at once than the limit, all of them read, results in order', async () => {
    let running = 0;
    let most = 0;
    const done = readAtPace(
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
});
