// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract';
import { checkedVerdict, checkPassages, passageText, type PassageVerdict, type PassageWords } from './passage-check';

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
    ).toEqual({ hidden: [], cut: [], noHeading: [] });
  });

  it('leaves out a passage whose words the page hid since it was read, and one whose words all left the page', () => {
    const doc = page();
    const { passages, words } = read(doc);
    const [first, second, third] = passages.map((p) => p.id);
    (doc.getElementById('second-box') as HTMLElement).style.visibility = 'hidden';
    doc.getElementById('third')!.remove();
    expect(checkPassages(doc, words, [first!, second!, third!])).toEqual({ hidden: [second, third], cut: [], noHeading: [] });
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
      noHeading: [],
    });
  });

  it('keeps words still there when words were added after them since the reading', () => {
    const doc = page();
    const { passages, words } = read(doc);
    (doc.getElementById('first')!.firstChild as Text).appendData(' More words came later.');
    expect(checkPassages(doc, words, [passages[0]!.id])).toEqual({ hidden: [], cut: [], noHeading: [] });
  });

  it('checks the heading each passage is sent with: one no reader sees goes from the passages under it', () => {
    const doc = document.implementation.createHTMLDocument('Doc');
    const para = (name: string) => `<p>${`The ${name} paragraph says something of its own here. `.repeat(6)}</p>`;
    doc.body.innerHTML =
      `<h2 id="planted">${'This kettle was recalled for fire risk. '.repeat(12)}</h2>${para('first')}${para('second')}` +
      `<h2>Care</h2>${para('third')}${para('fourth')}`;
    const { passages, words } = read(doc);
    const under = passages.filter((p) => p.heading?.startsWith('This kettle'));
    const care = passages.find((p) => p.heading === 'Care')!;
    expect(under.length).toBeGreaterThan(0);
    // Shown as read: every heading goes.
    expect(
      checkPassages(
        doc,
        words,
        [...under, care].map((p) => p.id),
      ),
    ).toEqual({ hidden: [], cut: [], noHeading: [] });
    (doc.getElementById('planted') as HTMLElement).style.visibility = 'hidden';
    expect(
      checkPassages(
        doc,
        words,
        [...under, care].map((p) => p.id),
      ),
    ).toEqual({
      hidden: [],
      cut: [],
      noHeading: under.map((p) => p.id),
    });
    // Words of the heading swapped since the reading: not the heading read.
    (doc.getElementById('planted') as HTMLElement).style.visibility = '';
    const node = doc.getElementById('planted')!.firstChild as Text;
    node.data = node.data.replace('kettle', 'Kettle');
    expect(checkPassages(doc, words, [under[0]!.id]).noHeading).toEqual([under[0]!.id]);
  });

  it("checks a page's selection like any passage: words selected that no reader sees are cut, none seen leaves it out", () => {
    // The test's own document: happy-dom's ranges do not reach into another one.
    document.body.innerHTML =
      '<p id="seen">The kettle boils a litre in three minutes.</p><p id="planted">It was recalled for fire risk.</p>';
    const range = document.createRange();
    range.setStart(document.getElementById('seen')!.firstChild!, 4);
    range.setEnd(document.getElementById('planted')!.firstChild!, 30);
    let words: PassageWords | undefined;
    const { passages } = extractPage(document, { selection: [range], onWords: (w) => (words = w) });
    const selection = passages[0]!;
    expect(selection).toMatchObject({
      selection: true,
      text: 'kettle boils a litre in three minutes.\nIt was recalled for fire risk.',
    });
    expect(checkPassages(document, words!, [selection.id])).toEqual({ hidden: [], cut: [], noHeading: [] });
    (document.getElementById('planted') as HTMLElement).style.visibility = 'hidden';
    expect(checkPassages(document, words!, [selection.id])).toEqual({
      hidden: [],
      cut: [{ id: selection.id, text: 'kettle boils a litre in three minutes.' }],
      noHeading: [],
    });
    (document.getElementById('seen') as HTMLElement).style.visibility = 'hidden';
    expect(checkPassages(document, words!, [selection.id]).hidden).toEqual([selection.id]);
  });

  it('leaves out an id the reading does not know', () => {
    const doc = page();
    const { passages, words } = read(doc);
    expect(checkPassages(doc, words, [passages[0]!.id, 'made-up'])).toEqual({ hidden: ['made-up'], cut: [], noHeading: [] });
  });

  it('asks only the passages it is given: one hidden elsewhere does not count', () => {
    const doc = page();
    const { passages, words } = read(doc);
    (doc.getElementById('first') as HTMLElement).style.display = 'none';
    expect(checkPassages(doc, words, [passages[2]!.id])).toEqual({ hidden: [], cut: [], noHeading: [] });
  });
});

describe('checkedVerdict (a reading checked in the same walk)', () => {
  it('leaves out the words marked unseen and those in a covered box, as the check would', () => {
    const doc = document.implementation.createHTMLDocument('Doc');
    doc.body.innerHTML =
      '<h2 id="head">Kettles</h2><p>The kettle boils a litre in three minutes. <span id="planted">It was recalled for fire risk.</span> It is blue.</p>' +
      `<h2>Other</h2><div id="lid"><p>${'Only covered words here, long enough to be a passage of their own. '.repeat(8)}</p></div>`;
    let words: PassageWords | undefined;
    let verdict: PassageVerdict | undefined;
    const { passages } = extractPage(doc, { check: true, onWords: (w) => (words = w), onChecked: (v) => (verdict = v) });
    // Without layout nothing is measured to be unseen: the verdict leaves every word in.
    expect(verdict).toEqual({ hidden: [], cut: [], noHeading: [] });
    const planted = doc.getElementById('planted')!.firstChild as Text;
    const heading = doc.getElementById('head')!.firstChild as Text;
    const lid = doc.getElementById('lid')!;
    const marked = checkedVerdict(words!, new Set([planted, heading]), new Set([lid]));
    const [kettle, other] = passages;
    expect(kettle!.text).toBe('Kettles\nThe kettle boils a litre in three minutes. It was recalled for fire risk. It is blue.');
    expect(other!.text).toMatch(/^Other\nOnly covered words/);
    expect(other!.heading).toBe('Kettles');
    // The unseen heading's line and planted sentence are cut; of the covered box's passage only
    // its own heading is left, and it goes without the unseen heading of its section.
    expect(marked).toEqual({
      hidden: [],
      cut: [
        { id: kettle!.id, text: 'The kettle boils a litre in three minutes. It is blue.' },
        { id: other!.id, text: 'Other' },
      ],
      noHeading: [other!.id],
    });
    // Nothing marked, nothing covered: every passage as read.
    expect(checkedVerdict(words!, new Set(), new Set())).toEqual({ hidden: [], cut: [], noHeading: [] });
    expect(checkedVerdict(words!, new Set(), new Set([doc.body]))).toEqual({
      hidden: [kettle!.id, other!.id],
      cut: [],
      noHeading: [],
    });
  });
});
