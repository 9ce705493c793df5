import { describe, expect, it } from 'vitest';
import { closestSentences, similarity } from './suggest';

const fragment =
  'The library opens at 8 a.m. on weekdays. Members may request up to ten books at a time. Study rooms can be booked a week ahead.';

describe('closestSentences', () => {
  it('offers the page’s own sentence for a quote with a word swapped', () => {
    expect(closestSentences('Members can request up to ten books at a time', fragment)).toBe(
      'Members may request up to ten books at a time.',
    );
  });

  it('offers two consecutive sentences for a quote that ran over both', () => {
    expect(closestSentences('opens at 8 on weekdays. Members can request up to ten books', fragment)).toBe(
      'The library opens at 8 a.m. on weekdays. Members may request up to ten books at a time.',
    );
  });

  it('offers nothing when no sentence is alike', () => {
    expect(closestSentences('完全に無関係な文章です', fragment)).toBeNull();
    expect(closestSentences('anything', '')).toBeNull();
  });

  it('compares after the one normalisation', () => {
    expect(similarity('It’s  here', "it's here")).toBe(1);
  });
});
