/** The screens and the worker know each other's build (issue #44: an old worker under new screens). */
import { describe, expect, it } from 'vitest';
import { onWorkerBuild, RESTART_AGAIN_AFTER_MS, workerBuildOf } from './build-id';

describe('a screen meeting the worker', () => {
  it('of the same build does nothing', () => {
    expect(onWorkerBuild('b2', 'b2', null, 0)).toBe('same');
  });

  it('of another build, or of a build before the question (no answer), restarts the extension once', () => {
    expect(onWorkerBuild('b2', 'b1', null, 0)).toBe('restart');
    expect(onWorkerBuild('b2', workerBuildOf(undefined), null, 0)).toBe('restart');
    expect(onWorkerBuild('b2', workerBuildOf({ ok: true }), null, 0)).toBe('restart');
    // A restart made for another build long ago, or by another build, does not count.
    expect(onWorkerBuild('b2', 'b1', { build: 'b1', at: 0 }, 1000)).toBe('restart');
    expect(onWorkerBuild('b2', 'b1', { build: 'b2', at: 0 }, RESTART_AGAIN_AFTER_MS + 1)).toBe('restart');
  });

  it('still another build after its restart says what to do, instead of restarting again and again', () => {
    expect(onWorkerBuild('b2', 'b1', { build: 'b2', at: 1000 }, 5000)).toBe('say');
    expect(onWorkerBuild('b2', null, { build: 'b2', at: 1000 }, 5000)).toBe('say');
  });

  it('reads the worker’s reply as data: only a non-empty string is a build', () => {
    expect(workerBuildOf({ build: 'x1' })).toBe('x1');
    for (const reply of [null, 'b1', { build: '' }, { build: 3 }, []]) expect(workerBuildOf(reply)).toBeNull();
  });
});
