// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoneRun } from '@/lib/shared/answer/run-state';
import { AnswerView } from './AnswerView';
// The coverage line is a lazy part (lazy-parts.ts): loaded up front, so that its import resolves
// before the test's environment is torn down.
import './CoverageNote';
import type { ShownCitation } from '@/lib/shared/answer/run';

const citation: ShownCitation = {
  literal: 'Adult tickets cost 12 euros.',
  index: 1,
  passageId: 'p1',
  passageText: 'Adult tickets cost 12 euros. Children enter free.',
  passageOrder: 0,
  tabId: 3,
  windowId: 1,
  frameId: 0,
  url: 'https://www.museum.example/tickets',
  title: 'Tickets <img src=x onerror=alert(1)>',
  site: 'museum.example',
};

const checks = { citations: 1, broken: 0 };

function run(outcome: DoneRun['outcome']): DoneRun {
  return {
    version: 2,
    id: 'r',
    question: 'q',
    scope: 'tab',
    status: 'done',
    startedAt: 0,
    finishedAt: 0,
    outcome,
    skipped: [],
    coverage: { tabs: 1, passages: 4, sent: 2, leftOut: 0 },
  };
}

function mount(state: DoneRun, onReveal = vi.fn()) {
  const root = document.createElement('div');
  document.body.append(root);
  render(<AnswerView run={state} onReveal={onReveal} />, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('AnswerView', () => {
  it('names each citation by page title and site, never by its index, and reveals on click', () => {
    const onReveal = vi.fn();
    const root = mount(
      run({
        kind: 'answer',
        claims: [{ text: 'It costs 12 euros.', citations: [citation] }],
        droppedClaims: 0,
        retried: false,
        checks,
      }),
      onReveal,
    );
    const button = root.querySelector('button')!;
    // A compact number on screen, the page's site and title in its name; the sources under the answer say the same.
    expect(button.getAttribute('aria-label')).toBe('1: museum.example — Tickets <img src=x onerror=alert(1)>');
    expect(button.textContent).toBe('1');
    const sources = root.querySelector('ol.sources')!;
    expect(sources.getAttribute('aria-label')).toBe('Sources');
    expect(sources.textContent).toBe('1museum.exampleTickets <img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).toBeNull();
    button.click();
    expect(onReveal).toHaveBeenCalledWith(citation);
  });

  it('renders page and model text as text, never as markup', () => {
    const root = mount(
      run({
        kind: 'answer',
        claims: [{ text: 'Cheap <script>alert(1)</script>', citations: [citation] }],
        droppedClaims: 0,
        retried: false,
        checks,
      }),
    );
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.textContent).toContain('Cheap <script>alert(1)</script>');
  });

  it('describes each citation button with its quote', () => {
    const root = mount(
      run({ kind: 'answer', claims: [{ text: 'x', citations: [citation] }], droppedClaims: 0, retried: false, checks }),
    );
    const button = root.querySelector('button')!;
    const tip = root.querySelector(`#${CSS.escape(button.getAttribute('aria-describedby')!)}`);
    expect(tip?.textContent).toBe('“Adult tickets cost 12 euros.”');
  });

  it('says how many claims were dropped', () => {
    const root = mount(
      run({ kind: 'answer', claims: [{ text: 'x', citations: [citation] }], droppedClaims: 2, retried: true, checks }),
    );
    expect(root.textContent).toContain('2 claims were left out');
  });

  it('names the model once, above the claims, not on each claim', () => {
    const claims = [1, 2, 3].map((n) => ({ text: `Claim ${n}`, citations: [citation] }));
    const root = mount({
      ...run({ kind: 'answer', claims, droppedClaims: 0, retried: false, checks }),
      model: 'claude-sonnet-5-5',
    });
    expect(root.textContent!.split('claude-sonnet-5-5')).toHaveLength(2);
    expect(root.querySelector('.answer-head')!.textContent).toBe('AnswerWritten by claude-sonnet-5-5');
    expect(root.textContent).not.toContain('Claude:');
  });

  it('says a warning of the second check once under the answer, with a mark on each claim it concerns', () => {
    const claims = [
      { text: 'A', citations: [citation], unchecked: true as const },
      { text: 'B', citations: [citation], unchecked: true as const },
      { text: 'C', citations: [citation] },
    ];
    const root = mount(run({ kind: 'answer', claims, droppedClaims: 0, retried: false, checks }));
    expect(root.querySelectorAll('.claim [role="img"]')).toHaveLength(2);
    expect(root.textContent!.match(/could not be done/g)).toHaveLength(1);
    expect(root.querySelector('.claim-notes')!.textContent).toContain('for 2 claims (marked !)');
  });

  it('shows an abstention as an answer with its reason', () => {
    const root = mount(run({ kind: 'abstain', reason: 'no-relevant-passages', retried: false, checks }));
    expect(root.querySelector('[aria-labelledby]')?.textContent).toContain('Not found in these pages.');
    expect(root.textContent).toContain('Claude was not asked');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});
