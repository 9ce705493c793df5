// @vitest-environment happy-dom
/**
 * The reading walk, the check before sending and the proof before showing take their verdict
 * from the one table of rules (lib/shared/seen/seen.ts): a row taken out of it or added to it changes
 * what all three answer, with no copy of the rule anywhere else to disagree.
 */
import { describe, expect, it } from 'vitest';
import { extractPage } from '@/lib/page/read/extract';
import { checkPassages, type PassageWords } from '@/lib/page/read/passage-check';
import { proveSeen } from './quote-seen';
import { addRule, removeRules, restoreRulesAfterEach } from '@/tests/support/seen-rules';

restoreRulesAfterEach();

const HONEST = 'The kettle boils a litre of water in three minutes flat.';
const PLANTED = 'It was recalled last spring for a risk of fire.';

function page(planted: string): Document {
  const doc = document.implementation.createHTMLDocument('Doc');
  doc.body.innerHTML = `<p>${HONEST} <span id="planted" style="${planted}">${PLANTED}</span> It is blue.</p>`;
  return doc;
}

/** What the three callers say of the planted sentence. */
function callers(style: string) {
  // The reading walk.
  const read = (doc: Document) => {
    let words: PassageWords | undefined;
    const { passages } = extractPage(doc, { onWords: (w) => (words = w) });
    return { passages, words: words! };
  };
  const readDoc = page(style);
  const reading = read(readDoc)
    .passages.map((p) => p.text)
    .join(' ');
  // The check before sending: read while the words show, then styled as the page styles them.
  const checkDoc = page('');
  const { passages, words } = read(checkDoc);
  checkDoc.getElementById('planted')!.setAttribute('style', style);
  const verdict = checkPassages(
    checkDoc,
    words,
    passages.map((p) => p.id),
  );
  const checked = verdict.cut.length === 0 && verdict.hidden.length === 0;
  // The proof before showing, in the page as it is.
  document.body.innerHTML = readDoc.body.innerHTML;
  const [proof] = proveSeen(document, [{ literal: PLANTED, passageText: `${HONEST} ${PLANTED} It is blue.`, passageOrder: 0 }]);
  return { read: reading.includes(PLANTED), sent: checked, shown: proof!.drawn };
}

describe('one definition of seen', () => {
  it('words of a visibility: hidden element are read, sent and shown by none of the three', () => {
    expect(callers('visibility: hidden')).toEqual({ read: false, sent: false, shown: false });
    expect(callers('')).toEqual({ read: true, sent: true, shown: true });
  });

  it('a row taken out of the table changes all three answers', () => {
    expect(removeRules((r) => r.when({ visibility: 'hidden' }))).toBe(1);
    expect(callers('visibility: hidden')).toEqual({ read: true, sent: true, shown: true });
  });

  it('a row added to the table changes all three answers', () => {
    expect(callers('display: inline-block')).toEqual({ read: true, sent: true, shown: true });
    addRule({
      why: 'not-rendered',
      seen: 'unseen',
      cheap: true,
      reads: ['display'],
      when: (m) => m.display === 'inline-block',
      says: 'A rule of this test: words in an inline-block are not seen.',
    });
    expect(callers('display: inline-block')).toEqual({ read: false, sent: false, shown: false });
  });

  it('a row the reading walk may not ask (not cheap) waits for the check', () => {
    addRule({
      why: 'not-rendered',
      seen: 'unseen',
      reads: ['display'],
      when: (m) => m.display === 'inline-block',
      says: 'A rule of this test, not cheap: asked by the check and the proof only.',
    });
    expect(callers('display: inline-block')).toEqual({ read: true, sent: false, shown: false });
  });
});
