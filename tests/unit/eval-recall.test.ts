import { describe, expect, it } from 'vitest';
import { expectedSentences, forgiving, lineUnits } from '../../eval/lib/recall';
import { normalize } from '@/lib/shared/text/normalize';

describe('eval: the sentences of expected.txt', () => {
  it('splits Markdown table rows into cells, with or without the outer bars', () => {
    expect(lineUnits('| Level | When it is used |')).toEqual(['Level', 'When it is used']);
    expect(lineUnits('|---|:--|')).toEqual([]);
    expect(lineUnits('Task you want to perform | The best tool for the task')).toEqual([
      'Task you want to perform',
      'The best tool for the task',
    ]);
    expect(lineUnits('- a list item, its marker dropped')).toEqual(['a list item, its marker dropped']);
  });

  it('keeps sentences of 20 characters or more, normalised', () => {
    expect(expectedSentences('Short one.\nThis sentence is long enough. So is this second one here.', 'en')).toEqual([
      'this sentence is long enough.',
      'so is this second one here.',
    ]);
  });
});

describe('eval: forgiving annotation drift', () => {
  const same = (a: string, b: string) => forgiving(normalize(a)) === forgiving(normalize(b));

  it('forgives spacing at punctuation, ™ ®, quote kinds and dropped accents, on both sides alike', () => {
    expect(same('the methods then() , catch()', 'the methods then(), catch()')).toBe(true);
    expect(same('reusable mug ( my fave )', 'reusable mug (my fave)')).toBe(true);
    expect(same('Developed By: CAPCOM Co., Ltd.', 'Developed By:CAPCOM Co., Ltd.')).toBe(true);
    expect(same('Proven Winners® LeafJoy™ plants', 'Proven Winners LeafJoy plants')).toBe(true);
    expect(same("raising costs 'significantly'", 'raising costs \u201csignificantly\u201d')).toBe(true);
    expect(same('this new cafe offers', 'this new café offers')).toBe(true);
  });

  it('never forgives glued words, a split word, or a sign the annotation added', () => {
    expect(same('Team-Based eSports', 'Team-BasedeSports')).toBe(false);
    expect(same('TENAYA Indalo', 'TENAYAIndalo')).toBe(false);
    expect(same('if-blocks', 'if -blocks')).toBe(false); // a hyphen joins: the extraction's to get right
    expect(same('Type: Neutral, Last: Slip-lasted', 'Type: Neutral Last: Slip-lasted')).toBe(false);
    expect(same('Sana Sana - a decade-long dream', 'Sana Sana a decade-long dream')).toBe(false);
  });
});
