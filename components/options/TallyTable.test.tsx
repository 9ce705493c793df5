// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { summarise } from '@/lib/shared/store/diagnostics';
import type { RunRecord } from '@/lib/shared/store/storage';
import { TallyTable } from './TallyTable';

const now = Date.UTC(2026, 11, 2, 12);
const rec = (repairs: RunRecord['repairs']): RunRecord => ({
  at: now,
  model: 'm',
  sites: ['a.org'],
  citations: 5,
  broken: 0,
  retried: false,
  droppedClaims: 0,
  outcome: 'answer',
  ...(repairs ? { repairs } : {}),
});

describe('TallyTable', () => {
  it('shows how many quotes were repaired, every class added up', () => {
    const root = document.createElement('div');
    const d = summarise([rec({ 'quote-marks': 2, 'ellipsis-join': 1 }), rec({ 'wrong-index': 1 }), rec(undefined)], now);
    render(<TallyTable caption="By model" rows={d.byModel} />, root);
    const header = [...root.querySelectorAll('thead th')].map((th) => th.textContent);
    const cells = [...root.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(header.at(-1)).toBe('Quotes repaired');
    expect(cells.at(-1)).toBe('4');
  });
});
