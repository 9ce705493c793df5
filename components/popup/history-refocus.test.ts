import { describe, expect, it } from 'vitest';
import { refocusTarget } from './history-refocus';

describe('refocusTarget', () => {
  it('after a delete, waits for the shorter list, then the Delete now in its place (the last when it was last)', () => {
    expect(refocusTarget({ entry: 1, of: 3 }, 3, 3)).toBe('wait');
    expect(refocusTarget({ entry: 1, of: 3 }, 2, 2)).toEqual({ delete: 1 });
    expect(refocusTarget({ entry: 2, of: 3 }, 2, 2)).toEqual({ delete: 1 });
  });

  it('the heading once the last entry is deleted, or all of them', () => {
    expect(refocusTarget({ entry: 0, of: 1 }, 0, 0)).toBe('heading');
    expect(refocusTarget('heading', 2, 2)).toBe('wait');
    expect(refocusTarget('heading', 0, 0)).toBe('heading');
  });

  it('Keep them and Delete all history at once', () => {
    expect(refocusTarget('keep', 2, 2)).toBe('keep');
    expect(refocusTarget('delete-all', 2, 2)).toBe('delete-all');
  });
});
