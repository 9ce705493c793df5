import { describe, expect, it } from 'vitest';
import { passage } from '../tests/unit/passages';
import { estimateTokens, rankPassages, selectPassages, tokenize } from './rank';

describe('tokenize', () => {
  it('splits words, folds case and diacritics', () => {
    expect(tokenize('Le Café, c’est très “bien”!')).toEqual(['le', 'cafe', "c'est", 'tres', 'bien']);
  });
  it('finds words in text without spaces', () => {
    expect(tokenize('東京は日本の首都です').length).toBeGreaterThan(2);
  });
});

describe('rankPassages', () => {
  const ps = [
    passage('Cats sleep for most of the day and hunt at night.', { id: 'cats' }),
    passage('The Eiffel Tower is 330 metres tall.', { id: 'tower' }),
    passage('Dogs enjoy long walks in the park.', { id: 'dogs' }),
  ];

  it('puts the passage that shares the question’s rare words first', () => {
    expect(rankPassages(ps, 'How tall is the Eiffel Tower?')[0]!.passage.id).toBe('tower');
  });

  it('leaves out passages that share no word with the question', () => {
    const ids = rankPassages(ps, 'Eiffel tower height').map((r) => r.passage.id);
    expect(ids).toEqual(['tower']);
  });

  it('returns nothing for a question with no word in the pages', () => {
    expect(rankPassages(ps, 'quantum chromodynamics')).toEqual([]);
  });
});

describe('selectPassages', () => {
  it('keeps the user’s selection first even when it shares no word', () => {
    const sel = passage('Selected words here.', { id: 'sel', selection: true });
    const other = passage('The Eiffel Tower is tall.', { id: 'tower' });
    expect(selectPassages([other, sel], 'Eiffel height?').passages.map((p) => p.id)).toEqual(['sel', 'tower']);
  });

  it('stops at the budget and counts what was left out', () => {
    const many = Array.from({ length: 20 }, (_, i) => passage(`Tower fact number ${i}: ${'tall '.repeat(60)}`, { id: `t${i}` }));
    const cost = estimateTokens(many[0]!.text);
    const { passages, leftOut } = selectPassages(many, 'tower', cost * 5);
    expect(passages).toHaveLength(5);
    expect(leftOut).toBe(15);
  });
});
