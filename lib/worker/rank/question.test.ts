import { describe, expect, it } from 'vitest';
import { classifyIntent, withoutCues } from './intent';
import { readQuestion } from './question';
import { specificWords } from './specific';

describe('readQuestion', () => {
  it('reads what each step of the choice needs, as each step would have found it alone', () => {
    for (const q of [
      'Compare the battery life of the Pixel 9 and the iPhone 16',
      '¿Qué dice esta página?',
      'Résumé of Tesla’s work',
    ]) {
      const read = readQuestion(q);
      expect(read.text).toBe(q);
      expect(read.intent).toBe(classifyIntent(q));
      expect(read.cueFree).toBe(withoutCues(q));
      expect(read.specific).toEqual(specificWords(q));
    }
  });

  it('blanks the intent’s cues from the words a follow-up is compared on, and folds them', () => {
    const read = readQuestion('Compare the battery life of the Pixel 9');
    expect(read.intent).toBe('comparison');
    expect(read.cueFreeWords).not.toContain('compare');
    expect(read.cueFreeWords).toEqual(expect.arrayContaining(['battery', 'pixel', '9']));
    expect(readQuestion('Résumé').words).toEqual(['resume']);
  });

  it('lists each word once and hands a question already read back as it is', () => {
    const read = readQuestion('museum museum hours');
    expect(read.words).toEqual(['museum', 'hours']);
    expect(readQuestion(read)).toBe(read);
  });
});
