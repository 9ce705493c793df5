// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { collectText } from './dom-text';
import { collapse } from './text-sink';

/** The visible text with whitespace runs shown as single spaces and separators as " | ". */
function flat(root: Document | Element = document): string {
  const { text } = collectText(root);
  return text
    .split('\n')
    .map((line) => collapse(line))
    .filter(Boolean)
    .join(' | ');
}

function blockTexts(root: Document | Element = document): string[] {
  const c = collectText(root);
  return c.blocks.map((b) => collapse(c.text.slice(b.start, b.end)));
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('collectText', () => {
  it('reads visible text in order and keeps inline elements glued as rendered', () => {
    document.body.innerHTML = '<p>Hello <b>bold</b><i>italic</i> world</p>';
    expect(flat()).toBe('Hello bolditalic world');
  });

  it('skips script, style, noscript, template and head content', () => {
    document.head.innerHTML = '<title>Title text</title><style>p{color:red}</style>';
    document.body.innerHTML =
      '<p>Visible</p><script>var secret = 1;</script><style>.x{}</style>' +
      '<noscript>Enable JS</noscript><template><p>Template</p></template><p>Also visible</p>';
    expect(flat()).toBe('Visible | Also visible');
  });

  it('skips [hidden], display:none and visibility:hidden, but not aria-hidden', () => {
    document.head.innerHTML = '<style>.gone { display: none }</style>';
    document.body.innerHTML =
      '<p>one</p><p hidden>hidden attr</p><p style="display:none">inline none</p>' +
      '<p class="gone">stylesheet none</p><p style="visibility:hidden">invisible</p>' +
      '<p aria-hidden="true">aria two</p>' +
      '<div style="visibility:hidden"><span style="visibility:visible">back</span> not back</div>';
    expect(flat()).toBe('one | aria two | back');
  });

  it('reads hidden="until-found" and closed <details>', () => {
    document.body.innerHTML =
      '<details><summary>More</summary><p>Inside closed details</p></details>' +
      '<div hidden="until-found">Found on search</div>';
    expect(flat()).toBe('More | Inside closed details | Found on search');
  });

  it('does not glue words across <br>, table cells, list items and blocks', () => {
    document.body.innerHTML =
      '<p>line one<br>line two</p><table><tr><td>cellA</td><td>cellB</td></tr>' +
      '<tr><th>head</th><td>cellC</td></tr></table><ul><li>itemA</li><li>itemB</li></ul>' +
      '<div>div1</div><div>div2</div>';
    const { text } = collectText(document);
    for (const glued of ['onel', 'cellAcellB', 'headcellC', 'itemAitemB', 'div1div2', 'cellBhead']) {
      expect(collapse(text)).not.toContain(glued);
    }
    expect(collapse(text)).toBe('line one line two cellA cellB head cellC itemA itemB div1 div2');
    // <br> and cells separate words inside a block; rows, items and divs are blocks.
    expect(blockTexts()).toEqual(['line one line two', 'cellA cellB', 'head cellC', 'itemA', 'itemB', 'div1', 'div2']);
  });

  it('keeps inline-block boxes apart from their neighbours', () => {
    document.body.innerHTML = '<p>Price<span style="display:inline-block">12 EUR</span>now</p>';
    expect(collapse(collectText(document).text)).toBe('Price 12 EUR now');
  });

  it('keeps words apart around an inline box, but not punctuation written against it', () => {
    const box = (t: string) => `<code style="display:inline-block">${t}</code>`;
    document.body.innerHTML =
      `<p>a series of ${box('if')}-blocks (of a ${box('c/o')}). Call ${box('then()')}: done</p>` +
      `<p>Home<i style="display:inline-block"></i>About</p><p>${box('Map')}'s keys, "${box('x')}"</p>`;
    expect(flat()).toBe('a series of if-blocks (of a c/o). Call then(): done | Home | About | Map\'s keys, "x"');
  });

  it('separates flex items', () => {
    document.body.innerHTML = '<nav style="display:flex"><a href="#">Home</a><a href="#">About</a></nav>';
    expect(flat()).toBe('Home | About');
  });

  it('reads open shadow roots in place of the light DOM, with slotted content', () => {
    document.body.innerHTML = '<p>before</p><x-card><b>slotted</b><i slot="nowhere">unslotted</i></x-card><p>after</p>';
    const host = document.querySelector('x-card')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<div>shadow start <slot></slot> shadow end</div>';
    expect(flat()).toBe('before | shadow start slotted shadow end | after');
  });

  it('reads closed shadow roots through the getter it is given', () => {
    document.body.innerHTML = '<x-closed></x-closed>';
    const host = document.querySelector('x-closed')!;
    const shadow = host.attachShadow({ mode: 'closed' });
    shadow.innerHTML = '<p>closed inside</p>';
    expect(collapse(collectText(document).text)).toBe('');
    const getShadowRoot = (el: Element) => (el === host ? shadow : null);
    expect(collapse(collectText(document, { getShadowRoot }).text)).toBe('closed inside');
  });

  it('reads a closed shadow root on a built-in element too', () => {
    document.body.innerHTML = '<p>before</p><div id="host"></div><p>after</p>';
    const host = document.getElementById('host')!;
    const shadow = host.attachShadow({ mode: 'closed' });
    shadow.innerHTML = '<p>inside a closed div</p>';
    const getShadowRoot = (el: Element) => (el === host ? shadow : null);
    expect(flat(document)).toBe('before | after');
    expect(collectText(document, { getShadowRoot }).text.split('\n').map(collapse).filter(Boolean)).toEqual([
      'before',
      'inside a closed div',
      'after',
    ]);
  });

  it('maps every segment back to its text node exactly', () => {
    document.body.innerHTML = '<h1>Title</h1><p>a <a href="#">link</a> here</p><ul><li>x</li></ul>';
    const c = collectText(document);
    expect(c.segments.length).toBeGreaterThan(3);
    for (const s of c.segments) expect(c.text.slice(s.start, s.end)).toBe(s.node.data);
    // Separators are the only characters outside segments.
    let covered = 0;
    for (const s of c.segments) covered += s.end - s.start;
    expect(c.text.length - covered).toBe((c.text.match(/\n/g) ?? []).length - countNewlinesInNodes(c));
  });

  it('tracks the nearest heading above each block and marks heading blocks', () => {
    document.body.innerHTML = '<p>intro</p><h1>Main  title</h1><p>first</p><h2>Sub <em>part</em></h2><p>second</p><p>third</p>';
    const c = collectText(document);
    const summary = c.blocks.map((b) => [collapse(c.text.slice(b.start, b.end)), b.heading ?? null, b.headingLevel ?? 0]);
    expect(summary).toEqual([
      ['intro', null, 0],
      ['Main title', null, 1],
      ['first', 'Main title', 0],
      ['Sub part', 'Main title', 2],
      ['second', 'Sub part', 0],
      ['third', 'Sub part', 0],
    ]);
    // Blocks of one section share a section number with the heading that opens it.
    expect(c.blocks[3]!.section).toBe(c.blocks[4]!.section);
    expect(c.blocks[2]!.section).not.toBe(c.blocks[4]!.section);
  });

  it('walks only the given element', () => {
    document.body.innerHTML = '<p>outside</p><article id="a"><p>in one</p><p>in two</p></article>';
    expect(flat(document.getElementById('a')!)).toBe('in one | in two');
  });

  it('keeps side-by-side links apart when the next one starts a new word, and only then', () => {
    document.body.innerHTML =
      '<p class="tags"><a href="#">Survival Horror</a><a href="#">Zombies</a><a href="#">3D</a></p>' +
      '<p>See<sup><a href="#n1">[12]</a><a href="#n2">[13]</a></sup></p>' +
      '<p><a href="#d">D</a><a href="#d">ata</a> <a href="#m">M</a><a href="#m">odel</a></p>' +
      '<p>un<a href="#x">Linked</a> stays as shown</p>';
    expect(flat()).toBe('Survival Horror | Zombies | 3D | See[12][13] | Data Model | unLinked stays as shown');
  });

  it('keeps side-by-side links to different places apart even when the next starts in lower case', () => {
    document.body.innerHTML =
      '<p><a href="/tags/team">Team-Based</a><a href="/tags/esports">eSports</a><a href="/tags/pvp">PvP</a></p>' +
      '<p>a word cut into links to one place: <a href="#d">D</a><a href="#d">ata</a></p>';
    expect(flat()).toBe('Team-Based | eSports | PvP | a word cut into links to one place: Data');
  });

  it('keeps side-by-side inline elements of one link apart where the second plainly starts a new word', () => {
    document.body.innerHTML =
      '<a href="/p/1"><span role="heading"><span>La Sportiva</span><span>Aragon Climbing Shoes</span></span></a>' +
      '<p>Photo<span>Credit</span><span>Kevin Frayer</span></p><p>the <a href="/i">i<b>Phone</b></a> and <b>Java</b>Script</p>';
    expect(flat()).toBe('La Sportiva | Aragon Climbing Shoes | PhotoCreditKevin Frayer | the iPhone and JavaScript');
  });

  it('inherits visibility: hidden into children that do not set it back', () => {
    document.body.innerHTML = '<div style="visibility:hidden"><p>secret</p><ul><li>also secret</li></ul></div><p>shown</p>';
    expect(flat()).toBe('shown');
  });

  it('reads the same text without keeping segments', () => {
    document.body.innerHTML = '<h1>T</h1><p>a <b>b</b></p><table><tr><td>c</td><td>d</td></tr></table>';
    const withSegments = collectText(document);
    const without = collectText(document, { segments: false });
    expect(without.text).toBe(withSegments.text);
    expect(without.blocks).toEqual(withSegments.blocks);
    expect(without.segments).toEqual([]);
    expect(without.truncated).toBeUndefined();
  });

  it('works on a DOMParser document', () => {
    const doc = new DOMParser().parseFromString(
      '<html><body><p>parsed <span style="display:none">no</span>text</p></body></html>',
      'text/html',
    );
    expect(collapse(collectText(doc).text)).toBe('parsed text');
  });
});

function countNewlinesInNodes(c: ReturnType<typeof collectText>): number {
  let n = 0;
  for (const s of c.segments) n += (s.node.data.match(/\n/g) ?? []).length;
  return n;
}
