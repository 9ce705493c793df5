// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { summarise } from '@/lib/shared/store/diagnostics';
import type { RunRecord } from '@/lib/shared/store/storage';
import { BrokenRateChart } from './BrokenRateChart';

const now = Date.UTC(2026, 11, 2, 12);
const rec = (daysAgo: number, citations: number, broken: number): RunRecord => ({
  at: now - daysAgo * 86_400_000,
  model: 'm',
  sites: [],
  citations,
  broken,
  retried: broken > 0,
  droppedClaims: 0,
  outcome: 'answer',
});

function chart(records: RunRecord[]) {
  const root = document.createElement('div');
  render(<BrokenRateChart days={summarise(records, now, 30).byDay} />, root);
  return root;
}

describe('BrokenRateChart', () => {
  it('draws one bar per day with quotes, taller for a higher broken rate', () => {
    const root = chart([rec(3, 10, 1), rec(0, 10, 5)]);
    const bars = [...root.querySelectorAll('rect')];
    expect(bars).toHaveLength(2);
    expect(Number(bars[1]!.getAttribute('height'))).toBeGreaterThan(Number(bars[0]!.getAttribute('height')));
    expect(bars[1]!.textContent).toBe('Dec 2, 2026: 5 of 10 quotes broken');
  });

  it('tells screen readers the latest rate in words', () => {
    const svg = chart([rec(0, 4, 1)]).querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toContain('latest (Dec 2, 2026): 25% of 4');
  });

  it('says so when nothing was checked', () => {
    expect(chart([]).textContent).toContain('No quotes checked in the last 30 days.');
  });
});
