import { afterEach, describe, expect, it, vi } from 'vitest';
import { bounded, TimeLimitError } from './time-limit';

afterEach(() => {
  vi.useRealTimers();
});

describe('bounded', () => {
  it('gives the value when it comes in time', async () => {
    await expect(bounded(Promise.resolve('read'), 1_000)).resolves.toBe('read');
  });

  it('gives up with the time limit when nothing comes', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const result = bounded(never, 5_000);
    vi.advanceTimersByTime(5_000);
    const err: unknown = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeLimitError);
    expect((err as TimeLimitError).ms).toBe(5_000);
  });

  it('stops at once on Cancel, with the signal reason, before the limit', async () => {
    const controller = new AbortController();
    const result = bounded(new Promise<string>(() => {}), 60_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(result).rejects.toThrow('cancelled');
  });

  it('does not start on a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(bounded(Promise.resolve('read'), 1_000, controller.signal)).rejects.toThrow('cancelled');
  });

  it("passes on the step's own failure", async () => {
    await expect(bounded(Promise.reject(new Error('frame gone')), 1_000)).rejects.toThrow('frame gone');
  });
});
