// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { baseRun as base, mount } from '../../tests/support/mount';
import { SearchResults } from './SearchResults';
import { useCatalogue } from '../../tests/support/catalogue';
import type { ShownCitation } from '@/lib/shared/answer/run';

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
    expect(button.textContent).toBe('museum.example — City Museum – Opening hours');
    button.click();
    expect(onReveal).toHaveBeenCalledWith(hit);
  });

  it('says so when no passage matches', () => {
    const root = mount(<SearchResults run={{ ...base, results: [] }} onReveal={vi.fn()} />);
    expect(root.textContent).toMatch(/No passage in these pages matches the question/);
    expect(root.querySelector('button')).toBeNull();
  });

  it('says to ask a model when the question named nothing to search for, in English and Spanish', () => {
    const run = { ...base, results: [], searchTooGeneral: true as const };
    const root = mount(<SearchResults run={run} onReveal={vi.fn()} />);
    expect(root.querySelector('.abstention-title')!.textContent).toBe(
      'Ask a model for this: it names nothing to search for. With an API key, Claude reads the pages and answers it.',
    );
    expect(root.textContent).not.toMatch(/No passage in these pages matches/);
    useCatalogue('es');
    try {
      const es = mount(<SearchResults run={run} onReveal={vi.fn()} />);
      expect(es.querySelector('.abstention-title')!.textContent).toMatch(/^Pregúntaselo a un modelo: no nombra nada que buscar/);
    } finally {
      useCatalogue('en');
    }
  });
});
