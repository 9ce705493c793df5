import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoAnswerInTime, withinLimit } from './time-limit';

/**
 * The limit of each step of a click (issue #47): what settles in time settles as it did, what
 * does not ends as `late` says, a value or an error, once the limit has passed and not before.
 */
describe('withinLimit', () => {
  afterEach(() => vi.useRealTimers());

  it('settles as the work does when it is in time, value or error', async () => {
    expect(await withinLimit(Promise.resolve(1), 100, () => 2)).toBe(1);
    await expect(withinLimit(Promise.reject(new Error('closed')), 100, () => 2)).rejects.toThrow('closed');
  });

  it('work that never settles ends as late says once the limit has passed', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    let value: string | undefined;
    void withinLimit(never, 1000, () => 'late').then((v) => (value = v));
    await vi.advanceTimersByTimeAsync(999);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe('late');
  });

  it('late may throw: the click says the page did not answer', async () => {
    vi.useFakeTimers();
    const ended = withinLimit(new Promise<number>(() => {}), 500, () => {
      throw new NoAnswerInTime('highlight', 500);
    });
    const caught = ended.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(500);
    expect(await caught).toBeInstanceOf(NoAnswerInTime);
  });

  it('work that settles after the limit changes nothing', async () => {
    vi.useFakeTimers();
    let finish: (v: string) => void = () => {};
    const slow = new Promise<string>((r) => (finish = r));
    const ended = withinLimit(slow, 100, () => 'late');
    await vi.advanceTimersByTimeAsync(100);
    finish('in the end');
    expect(await ended).toBe('late');
  });
});
