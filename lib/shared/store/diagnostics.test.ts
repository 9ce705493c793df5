import { describe, expect, it } from 'vitest';
import { exportJson, summarise } from './diagnostics';
import type { RunRecord } from './storage';

const DAY = 86_400_000;
const now = Date.UTC(2026, 11, 2, 12);
const rec = (daysAgo: number, over: Partial<RunRecord> = {}): RunRecord => ({
  at: now - daysAgo * DAY,
  model: 'claude-sonnet-5-5',
  sites: ['a.org'],
  citations: 4,
  broken: 0,
  retried: false,
  droppedClaims: 0,
  outcome: 'answer',
  ...over,
});

describe('summarise', () => {
  it('adds up the quoting slips repaired, by class', () => {
    const d = summarise(
      [rec(0, { repairs: { 'quote-marks': 2, 'wrong-index': 1 } }), rec(1, { repairs: { 'quote-marks': 1 } }), rec(1)],
      now,
    );
    expect(d.overall.repairs).toEqual({ 'quote-marks': 3, 'wrong-index': 1 });
    expect(d.byDay.at(-2)!.repairs).toEqual({ 'quote-marks': 1 });
  });

  it('computes the broken-quote rate per day, with empty days, oldest first', () => {
    const d = summarise([rec(0, { broken: 2 }), rec(0), rec(2, { broken: 1 })], now, 7);
    expect(d.byDay).toHaveLength(7);
    expect(d.byDay.at(-1)).toMatchObject({ key: '2026-12-02', runs: 2, citations: 8, broken: 2, rate: 0.25 });
    expect(d.byDay.at(-2)).toMatchObject({ key: '2026-12-01', runs: 0, rate: 0 });
    expect(d.byDay.at(-3)).toMatchObject({ key: '2026-11-30', broken: 1, rate: 0.25 });
  });

  it('leaves out what is older than the window', () => {
    expect(summarise([rec(40, { broken: 4 }), rec(1)], now, 30).overall).toMatchObject({ runs: 1, broken: 0 });
  });

  it('splits by model and by site, counting retries, drops, abstentions and errors', () => {
    const d = summarise(
      [
        rec(0, { model: 'm1', sites: ['a.org', 'b.org'], retried: true, droppedClaims: 1, broken: 1 }),
        rec(0, { model: 'm2', sites: ['b.org'], outcome: 'abstain', citations: 0 }),
        rec(1, { model: 'm2', sites: [], outcome: 'error', citations: 0 }),
      ],
      now,
    );
    expect(d.byModel.map((t) => [t.key, t.runs])).toEqual([
      ['m2', 2],
      ['m1', 1],
    ]);
    expect(d.bySite.find((t) => t.key === 'b.org')).toMatchObject({ runs: 2, retries: 1, abstentions: 1 });
    expect(d.overall).toMatchObject({ runs: 3, retries: 1, drops: 1, abstentions: 1, errors: 1, citations: 4, broken: 1 });
  });
});

describe('exportJson', () => {
  it('exports both logs with the time of export', () => {
    const parsed = JSON.parse(exportJson([rec(0)], [], now));
    expect(parsed.exportedAt).toBe('2026-12-02T12:00:00.000Z');
    expect(parsed.runLog).toHaveLength(1);
    expect(parsed.failureLog).toEqual([]);
  });
});
