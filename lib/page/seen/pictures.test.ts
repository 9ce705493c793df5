import { describe, expect, it } from 'vitest';
import { pictureBehind } from './picture-layers';
import { Pictures, type PixelLoader } from './pictures';

const DARK = { r: 34, g: 34, b: 34, a: 1 };
const white = { data: new Uint8ClampedArray([255, 255, 255, 255]) };
const picture = (url: string) => pictureBehind([{ kind: 'url', url, covers: true }], DARK);

describe('Pictures', () => {
  it('a picture not read yet leaves words pending; once read, its pixels decide', async () => {
    const asked: string[] = [];
    const pictures = new Pictures(async (url) => (asked.push(url), white));
    expect(pictures.judge(picture('w.png'), 'rgb(255, 255, 255)', '16px')).toBe('pending');
    expect(pictures.pending).toBe(true);
    await pictures.settle();
    expect(pictures.pending).toBe(false);
    expect(pictures.judge(picture('w.png'), 'rgb(255, 255, 255)', '16px')).toBe('unseen');
    expect(pictures.judge(picture('w.png'), 'rgb(0, 0, 0)', '16px')).toBe('seen');
    expect(asked).toEqual(['w.png']);
  });

  it('a picture slower than the wait is unproven, and judged again when it comes', async () => {
    let arrive: (v: Awaited<ReturnType<PixelLoader>>) => void = () => {};
    const pictures = new Pictures(() => new Promise((r) => (arrive = r)));
    pictures.judge(picture('slow.png'), 'rgb(0, 0, 0)', '16px');
    await pictures.settle(5);
    expect(pictures.judge(picture('slow.png'), 'rgb(0, 0, 0)', '16px')).toBe('unseen');
    arrive(white);
    await new Promise((r) => setTimeout(r, 0));
    expect(pictures.judge(picture('slow.png'), 'rgb(0, 0, 0)', '16px')).toBe('seen');
  });

  it('a loader that fails leaves the words unproven', async () => {
    const pictures = new Pictures(() => Promise.reject(new Error('no')));
    pictures.judge(picture('x.png'), 'rgb(0, 0, 0)', '16px');
    await pictures.settle();
    expect(pictures.judge(picture('x.png'), 'rgb(0, 0, 0)', '16px')).toBe('unseen');
  });
});
