import { describe, expect, it } from 'vitest';
import { serialQueue } from './serial';

describe('serialQueue', () => {
  it('runs tasks one after another, in order', async () => {
    const run = serialQueue();
    const log: string[] = [];
    const slow = run(async () => {
      await new Promise((r) => setTimeout(r, 20));
      log.push('first');
    });
    const quick = run(async () => void log.push('second'));
    await Promise.all([slow, quick]);
    expect(log).toEqual(['first', 'second']);
  });

  it('goes on after a task that failed, which alone reports its failure', async () => {
    const run = serialQueue();
    const failed = run(async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    });
    const after = run(async () => 'written');
    await expect(failed).rejects.toThrow('QUOTA_BYTES');
    await expect(after).resolves.toBe('written');
  });
});
