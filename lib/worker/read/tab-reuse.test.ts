import { describe, expect, it } from 'vitest';
import type { TabRead } from './frames';
import { ReadCache, reusable } from './tab-reuse';

const read = (extra: Partial<TabRead['frames'][number]['page']> = {}, frames = [0]): TabRead => ({
  url: 'https://museum.example/',
  title: 'Museum',
  frames: frames.map((frameId) => ({
    frameId,
    page: { url: 'https://museum.example/', title: 'Museum', passages: [], chars: 10, readId: `r${frameId}`, ...extra },
  })),
  unreachableFrames: 0,
});

describe('a tab read again only when it changed', () => {
  it('reuses the reading of a tab whose every frame is unchanged, in the same thread', async () => {
    const cache = new ReadCache().forThread('t1');
    const first = read({}, [0, 4]);
    cache.keep(7, 'https://museum.example/', first);
    const asked: Array<[number, string]> = [];
    const again = await cache.forThread('t1').take(7, 'https://museum.example/', async (frameId, readId) => {
      asked.push([frameId, readId]);
      return true;
    });
    expect(again).toBe(first);
    expect(asked).toEqual([
      [0, 'r0'],
      [4, 'r4'],
    ]);
  });

  it('reads again a tab that changed, moved to another address, or whose script is gone', async () => {
    const cache = new ReadCache().forThread('t1');
    cache.keep(7, 'https://museum.example/', read());
    expect(await cache.take(7, 'https://museum.example/', async (f) => f !== 0)).toBeNull();
    cache.keep(7, 'https://museum.example/', read());
    expect(await cache.take(7, 'https://museum.example/tickets', async () => true)).toBeNull();
    cache.keep(7, 'https://museum.example/', read());
    const gone = async (): Promise<boolean> => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    expect(await cache.take(7, 'https://museum.example/', gone)).toBeNull();
  });

  it('keeps nothing of another thread, and nothing read in part for lack of time', async () => {
    const cache = new ReadCache().forThread('t1');
    cache.keep(7, 'https://museum.example/', read());
    expect(await cache.forThread('t2').take(7, 'https://museum.example/', async () => true)).toBeNull();
    expect(reusable(read({ coverage: { readShare: 0.5, truncatedBy: 'time' } }))).toBe(false);
    expect(reusable(read({ coverage: { readShare: 1, unsettled: true } }))).toBe(false);
    expect(reusable(read({ readId: undefined }))).toBe(false);
    expect(reusable({ ...read(), framesLate: true })).toBe(false);
    expect(reusable(read({ coverage: { readShare: 0.8, truncatedBy: 'size' } }))).toBe(true);
  });
});
