import { describe, expect, it } from 'vitest';
import { keepWithinBytes, MAX_LOGGED_LITERAL, MAX_LOGGED_QUESTION, privateFailureEntry, trimFailureEntry } from './log-limits';
import type { FailureLogEntry } from '@/lib/shared/answer/run';

const entry = (i: number, literal = 'x'.repeat(50_000)): FailureLogEntry => ({
  at: i,
  question: 'Why? '.repeat(2000),
  sites: ['example.com'],
  attempts: [
    [{ kind: 'not-in-fragment', claim: 0, citation: 0, index: 1, literal, message: `Quote "${literal}" is not in fragment 1.` }],
  ],
  outcome: 'error',
});

describe('the failure log', () => {
  it('cuts each entry’s question and literals', () => {
    const t = trimFailureEntry(entry(1));
    expect(t.question.length).toBe(MAX_LOGGED_QUESTION);
    expect(t.attempts[0]![0]!.literal!.length).toBe(MAX_LOGGED_LITERAL);
    expect(JSON.stringify(t).length).toBeLessThan(2000);
  });

  it('keeps the newest entries that fit its bytes, in order', () => {
    const log = Array.from({ length: 500 }, (_, i) => entry(i));
    // Untrimmed, 500 such entries are 100 MB: far over any quota.
    const kept = keepWithinBytes(log, 1_000_000, 500);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(1_000_000);
    expect(kept.at(-1)!.at).toBe(499);
    expect(kept.map((e) => e.at)).toEqual([...kept.map((e) => e.at)].sort((a, b) => a - b));
    const trimmed = keepWithinBytes(log.map(trimFailureEntry), 1_000_000, 500);
    expect(trimmed).toHaveLength(500);
    expect(keepWithinBytes(log.map(trimFailureEntry), 1_000_000, 100)).toHaveLength(100);
  });
});

describe('a failure about incognito tabs', () => {
  it('keeps what went wrong and when, and no question, quote or site', () => {
    const e = { ...entry(7, 'the secret words of a private page'), detail: 'not-in-fragment: the secret words' };
    const p = privateFailureEntry(e);
    const json = JSON.stringify(p);
    expect(json).not.toContain('secret');
    expect(json).not.toContain('Why?');
    expect(json).not.toContain('example.com');
    expect(p).toMatchObject({
      at: 7,
      outcome: 'error',
      detail: 'not-in-fragment',
      attempts: [[{ kind: 'not-in-fragment', index: 1 }]],
    });
  });
});
