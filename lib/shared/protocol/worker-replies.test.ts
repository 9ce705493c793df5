import { describe, expect, it } from 'vitest';
import { checked, workerReplies } from './worker-replies';

describe('the worker’s replies as the screens check them', () => {
  it('accepts a reply of its request’s shape and refuses any other', () => {
    expect(checked(workerReplies.reveal, { ok: false, message: 'The tab is gone.', offerOpen: true })).toEqual({
      ok: false,
      message: 'The tab is gone.',
      offerOpen: true,
    });
    expect(checked(workerReplies.reveal, { ok: false })).toBeNull();
    expect(checked(workerReplies.ask, { started: true })).toEqual({ started: true });
    expect(checked(workerReplies.ask, undefined)).toBeNull();
    expect(checked(workerReplies.cancel, { cancelled: 'yes' })).toBeNull();
  });
});
