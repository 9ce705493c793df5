import { describe, expect, it } from 'vitest';
import { specificWords } from './specific';

describe('specificWords', () => {
  it('finds nothing specific in questions made of general words, in several languages', () => {
    for (const q of ['What is written here?', '¿Qué pone aquí?', 'Was steht hier drin?', 'O que diz aqui?', '这里写了什么？']) {
      expect([q, specificWords(q)]).toEqual([q, []]);
    }
  });

  it('finds numbers, names inside the sentence and long words that are not general', () => {
    expect(specificWords('When did Tesla move to New York in 1884?')).toEqual(expect.arrayContaining(['tesla', 'york', '1884']));
    expect(specificWords('What reaction produces glucose?')).toEqual(expect.arrayContaining(['reaction', 'glucose']));
  });

  it('does not take the capital that starts a sentence for a name', () => {
    expect(specificWords('Where is it?')).toEqual([]);
    expect(specificWords('¿Dónde está?')).toEqual([]);
  });
});
