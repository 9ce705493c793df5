// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract';
import { checkPassages, passageText, type PassageWords } from './passage-check';

/** A page of three paragraphs, each its own passage (long enough not to share one). */
function page(): Document {
  const para = (name: string) => `<p id="${name}">${`The ${name} paragraph says something of its own here. `.repeat(6)}</p>`;
  const doc = document.implementation.createHTMLDocument('Doc');
  doc.body.innerHTML = `${para('first')}<div id="second-box">${para('second')}</div>${para('third')}`;
  return doc;
}

function read(doc: Document) {
  let words: PassageWords | undefined;
  const { passages } = extractPage(doc, { onWords: (w) => (words = w) });
  return { passages, words: words! };
}

describe('checkPassages', () => {
  it('passes the passages whose words are all still shown', () => {
    const doc = page();
    const { passages, words } = read(doc);
    expect(passages.map((p) => p.text.slice(0, 20))).toEqual([
      'The first paragraph ',
      'The second paragraph',
      'The third paragraph ',
    ]);
    expect(
      checkPassages(
        doc,
        words,
        passages.map((p) => p.id),
      ),
    ).toEqual({ hidden: [], cut: [] });
  });

  it('leaves out a passage whose words the page hid since it was read, and one whose words all left the page', () => {
    const doc = page();
    const { passages, words } = read(doc);
    const [first, second, third] = passages.map((p) => p.id);
    (doc.getElementById('second-box') as HTMLElement).style.visibility = 'hidden';
    doc.getElementById('third')!.remove();
    expect(checkPassages(doc, words, [first!, second!, third!])).toEqual({ hidden: [second, third], cut: [] });
  });

  it('writes each passage again as extraction wrote it when nothing is left out', () => {
    const doc = document.implementation.createHTMLDocument('Doc');
    doc.body.innerHTML = `<h1>Title</h1><ul>${'<li>A short item of the list.</li>'.repeat(30)}</ul><p>${'Words of a long paragraph, cut into pieces. '.repeat(60)}</p><table><tr><td>cell one</td><td>cell two</td></tr></table>`;
    const { passages, words } = read(doc);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(passageText(words, words.spans.get(p.id)!, [])).toBe(p.text);
  });

  it('sends a passage without the words of it that no reader sees, and leaves out one with none left', () => {
    const doc = document.implementation.createHTMLDocument('Doc');
    doc.body.innerHTML =
      '<p>The kettle boils a litre in three minutes. <span id="planted">It was recalled for fire risk.</span> It is blue.</p>' +
      '<h2>Other</h2><p id="gone">Only hidden words here, long enough to be a passage of their own. '.repeat(8) +
      '</p>';
    const { passages, words } = read(doc);
    const first = passages.find((p) => p.text.includes('kettle'))!;
    const other = passages.find((p) => p.text.startsWith('Other'))!;
    (doc.getElementById('planted') as HTMLElement).style.visibility = 'hidden';
    (doc.getElementById('gone') as HTMLElement).style.visibility = 'hidden';
    const verdict = checkPassages(doc, words, [first.id, other.id]);
    expect(verdict.cut).toEqual([
      { id: first.id, text: 'The kettle boils a litre in three minutes. It is blue.' },
      { id: other.id, text: 'Other' },
    ]);
    expect(verdict.hidden).toEqual([]);
  });

  it('cuts words swapped since the reading for others of the same length, and leaves out a passage all of whose words were', () => {
    const doc = document.implementation.createHTMLDocument('Doc');
    doc.body.innerHTML =
      '<p id="kettle">The kettle boils a litre in three minutes. <span id="swapped">It is safe to use every day.</span> It is blue.</p>' +
      `<p id="whole">${'A paragraph of its own, long enough to be a passage alone. '.repeat(8)}</p>`;
    const { passages, words } = read(doc);
    const kettle = passages.find((p) => p.text.includes('kettle'))!;
    const whole = passages.find((p) => p.text.startsWith('A paragraph'))!;
    const swapped = doc.getElementById('swapped')!.firstChild as Text;
    const length = swapped.data.length;
    swapped.data = 'It was recalled for fire risk.'.slice(0, length);
    expect(swapped.data.length).toBe(length);
    const paragraph = doc.getElementById('whole')!.firstChild as Text;
    paragraph.data = paragraph.data.replace(/A paragraph/g, 'B paragraph');
    expect(checkPassages(doc, words, [kettle.id, whole.id])).toEqual({
      hidden: [whole.id],
      cut: [{ id: kettle.id, text: 'The kettle boils a litre in three minutes. It is blue.' }],
    });
  });

  it('keeps words still there when words were added after them since the reading', () => {
    const doc = page();
    const { passages, words } = read(doc);
    (doc.getElementById('first')!.firstChild as Text).appendData(' More words came later.');
    expect(checkPassages(doc, words, [passages[0]!.id])).toEqual({ hidden: [], cut: [] });
  });

  it('leaves out an id the reading does not know', () => {
    const doc = page();
    const { passages, words } = read(doc);
    expect(checkPassages(doc, words, [passages[0]!.id, 'made-up'])).toEqual({ hidden: ['made-up'], cut: [] });
  });

  it('asks only the passages it is given: one hidden elsewhere does not count', () => {
    const doc = page();
    const { passages, words } = read(doc);
    (doc.getElementById('first') as HTMLElement).style.display = 'none';
    expect(checkPassages(doc, words, [passages[2]!.id])).toEqual({ hidden: [], cut: [] });
  });
});
