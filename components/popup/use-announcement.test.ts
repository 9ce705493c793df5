import { describe, expect, it } from 'vitest';
import { announcementOf } from './use-announcement';

const checks = { citations: 1, broken: 0 };

describe('what the live region says', () => {
  it('each step of a question in flight by its name, without its ticking details', () => {
    expect(announcementOf({ id: 'r', status: 'working', stage: 'reading' })).toBe('Reading the pages…');
    expect(announcementOf({ id: 'r', status: 'working', stage: 'asking' })).toBe('Asking Claude…');
    expect(announcementOf({ id: 'r', status: 'working', stage: 'waiting' })).toBe('Claude is busy; trying again…');
    expect(announcementOf({ id: 'r', status: 'working' })).toBe('Reading the pages…');
  });

  it('the answer’s claims once it is verified, "Not found" as an answer, the search results and the review', () => {
    const claim = (text: string) => ({ text, citations: [] });
    expect(
      announcementOf({
        id: 'r',
        status: 'done',
        outcome: {
          kind: 'answer',
          claims: [claim('It opens at 9 a.m.'), claim('It closes at 6 p.m.')],
          droppedClaims: 0,
          retried: false,
          checks,
        },
      }),
    ).toBe('Answer: It opens at 9 a.m. It closes at 6 p.m.');
    expect(
      announcementOf({ id: 'r', status: 'done', outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks } }),
    ).toBe('Not found in these pages.');
    expect(announcementOf({ id: 'r', status: 'done', results: [] })).toBe('Search results');
    expect(announcementOf({ id: 'r', status: 'review' })).toBe('Review before sending');
  });

  it('nothing for an error (the error note is an alert of its own) or before any question', () => {
    expect(announcementOf({ id: 'r', status: 'error' })).toBe('');
    expect(announcementOf(null)).toBe('');
  });
});

describe('what the live region says while the answer streams', () => {
  const claim = { text: 'It opens at 9 a.m.', citations: [] };
  it('that the answer is arriving, once, however many claims are shown', () => {
    const one = announcementOf({ id: 'r', status: 'working', stage: 'asking', claims: [claim] });
    const three = announcementOf({ id: 'r', status: 'working', stage: 'asking', claims: [claim, claim, claim] });
    expect(one).toBe('The answer is arriving: each claim is shown once its quotes are checked.');
    expect(three).toBe(one);
    expect(announcementOf({ id: 'r', status: 'working', stage: 'asking', claims: [] })).toBe('Asking Claude…');
  });
});
