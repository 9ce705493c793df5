// @vitest-environment happy-dom
import { render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShownCitation } from '@/lib/pipeline';
import type { RunState } from '@/lib/storage';
import { passage } from '../tests/unit/passages';
import { AnswerDetails } from './AnswerDetails';
import { ReviewPanel } from './ReviewPanel';
import { SearchResults } from './SearchResults';

const hit: ShownCitation = {
  literal: 'It opens at 9 a.m. and closes at 6 p.m. <b>every</b> day.',
  index: 1,
  passageId: 'p1',
  passageText: 'The museum was founded in 1901. It opens at 9 a.m. and closes at 6 p.m. <b>every</b> day.',
  passageOrder: 0,
  tabId: 3,
  windowId: 1,
  frameId: 0,
  url: 'https://museum.example/hours',
  title: 'City Museum – Opening hours',
  site: 'museum.example',
};

const base: RunState = { id: 'r', question: 'When does it close?', scope: 'tab', status: 'done', startedAt: 0, skipped: [] };

function mount(node: ComponentChild) {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SearchResults', () => {
  it('says they are search results, not an answer, and quotes the page as text', () => {
    const onReveal = vi.fn();
    const root = mount(<SearchResults run={{ ...base, results: [hit] }} onReveal={onReveal} />);
    expect(root.querySelector('h2')!.textContent).toBe('Search results');
    expect(root.textContent).toMatch(/search results, not an answer/);
    expect(root.textContent).not.toMatch(/^Answer/);
    // Page text never becomes markup.
    expect(root.querySelector('blockquote')!.textContent).toBe(hit.literal);
    expect(root.querySelector('blockquote b')).toBeNull();
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('City Museum – Opening hours — museum.example');
    button.click();
    expect(onReveal).toHaveBeenCalledWith(hit);
  });

  it('says so when no passage matches', () => {
    const root = mount(<SearchResults run={{ ...base, results: [] }} onReveal={vi.fn()} />);
    expect(root.textContent).toMatch(/No passage in these pages matches the question/);
    expect(root.querySelector('button')).toBeNull();
  });
});

describe('ReviewPanel', () => {
  const plan = {
    passages: [
      passage('Adult tickets cost 12 euros.', { id: 'a', title: 'Tickets', url: 'https://www.museum.example/t' }),
      passage('Selected <i>words</i>.', { id: 's', selection: true, order: -1, title: 'Hours', url: 'https://museum.example/h' }),
    ],
    groups: [2],
    tokens: 40,
    reused: 0,
    budget: 8000,
  };

  it('shows every fragment with its source and where it goes, with Send and Cancel', () => {
    const onSend = vi.fn();
    const onCancel = vi.fn();
    const root = mount(<ReviewPanel run={{ ...base, status: 'review', plan }} destination="api.anthropic.com" onSend={onSend} onCancel={onCancel} />);
    expect(root.textContent).toContain('these 2 passages');
    expect(root.textContent).toContain('api.anthropic.com');
    // Numbered by the list itself, in the order they will be sent.
    expect(root.querySelectorAll('ol.fragments > li')).toHaveLength(2);
    expect([...root.querySelectorAll('.fragment-source')].map((e) => e.textContent)).toEqual([
      'Tickets — museum.example',
      'Hours — museum.example (your selection)',
    ]);
    expect([...root.querySelectorAll('.fragment-text')].map((e) => e.textContent)).toEqual(['Adult tickets cost 12 euros.', 'Selected <i>words</i>.']);
    const [send, cancel] = [...root.querySelectorAll('button')];
    expect([send!.textContent, cancel!.textContent]).toEqual(['Send', 'Cancel']);
    cancel!.click();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
    send!.click();
    expect(onSend).toHaveBeenCalledOnce();
  });
});

describe('AnswerDetails', () => {
  it('shows the tokens of the answer: input, cached, output', () => {
    const root = mount(
      <AnswerDetails
        run={{
          ...base,
          plan: { passages: [], groups: [], tokens: 5200, reused: 12, budget: 8000 },
          outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 }, usage: { input: 100, cacheRead: 5000, cacheWrite: 300, output: 42, calls: 1 } },
        }}
      />,
    );
    expect(root.querySelector('summary')!.textContent).toBe('Details');
    const text = root.textContent!;
    expect(text).toContain('Input tokens5,400');
    expect(text).toContain('Read from the cache5,000');
    expect(text).toContain('Written to the cache300');
    expect(text).toContain('Output tokens42');
    expect(text).toContain('12 of them as sent with the previous question');
  });

  it('is absent before anything was sent', () => {
    const root = mount(<AnswerDetails run={base} />);
    expect(root.innerHTML).toBe('');
  });
});
