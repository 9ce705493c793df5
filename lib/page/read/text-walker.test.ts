// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { ReadBudget } from './read-budget';
import { BLOCK, BOX, CELL, type BoxKind, type TextWriter } from './text-sink';
import { TextWalker, type ShadowRootGetter } from './text-walker';
import { Visibility } from '@/lib/page/seen/visibility';

const KIND: Record<BoxKind, string> = { 0: 'inline', [BLOCK]: 'block', [CELL]: 'cell', [BOX]: 'box' };

/** A writer that records what the walker tells it, in order. */
class Recorder implements TextWriter {
  length = 0;
  link: Element | null = null;
  readonly cutsText: boolean;
  readonly log: string[] = [];

  constructor(keepsSegments = true) {
    this.cutsText = !keepsSegments;
  }

  text(node: Text, data: string, words: boolean, isItem: boolean): void {
    this.length += data.length;
    const where = this.link ? ` @${this.link.getAttribute('href')}` : '';
    this.log.push(`${isItem ? 'item ' : ''}${words ? JSON.stringify(data.trim()) : 'space'}${where}`);
    expect(node.data.startsWith(data)).toBe(true);
  }
  enter(kind: BoxKind): void {
    if (kind !== 0) this.log.push(KIND[kind]);
  }
  leave(kind: BoxKind): void {
    if (kind !== 0) this.log.push(KIND[kind]);
  }
  lineBreak(): void {
    this.log.push('br');
  }
  openHeading(level: number): boolean {
    this.log.push(`h${level}`);
    return true;
  }
  closeHeading(): void {
    this.log.push('/h');
  }
}

function walk(
  root: Document | Element | DocumentFragment = document,
  options: { getShadowRoot?: ShadowRootGetter; budget?: ReadBudget; recorder?: Recorder } = {},
): string[] {
  const recorder = options.recorder ?? new Recorder();
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument;
  new TextWalker(recorder, new Visibility(doc), options.budget ?? new ReadBudget(root), options.getShadowRoot).walk(root);
  return recorder.log;
}

/** The words the walk wrote, in order. */
function words(log: string[]): string[] {
  return log.filter((l) => l.includes('"')).map((l) => JSON.parse(l.slice(l.indexOf('"'), l.lastIndexOf('"') + 1)) as string);
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('TextWalker', () => {
  it('tells the writer each element’s edges and each text, in reading order', () => {
    document.body.innerHTML =
      '<h2>Title</h2><p>a <a href="/x">link</a><br>b</p><table><tr><td>c</td></tr></table>' +
      '<p>in <span style="display:inline-block">box</span></p>';
    document.body.normalize();
    expect(walk(document.body)).toEqual([
      'block', // body
      'block',
      'h2',
      '"Title"',
      '/h',
      'block',
      '"a"',
      '"link" @/x',
      'br',
      '"b"',
      'block',
      'block',
      'block',
      'block',
      'cell',
      '"c"',
      'cell',
      'block',
      'block',
      'block', // table, tbody, tr, td
      'block',
      '"in"',
      'box',
      '"box"',
      'box',
      'block',
      'block',
    ]);
  });

  it('leaves out what the visibility rules hide, and words whose parent is visibility: hidden', () => {
    document.body.innerHTML =
      '<p>one</p><p hidden>two</p><script>three</script><p style="display:none">four</p>' +
      '<div style="visibility:hidden"> <span>five</span> <b style="visibility:visible">six</b></div>';
    expect(words(walk(document.body))).toEqual(['one', 'six']);
  });

  it('reads bare white space even where words are hidden: a hidden box keeps its room', () => {
    document.body.innerHTML = '<p>a<span style="visibility:hidden"> </span>b</p>';
    expect(walk(document.body)).toEqual(['block', 'block', '"a"', 'space', '"b"', 'block', 'block']);
  });

  it('marks the children of a flex or grid container as items', () => {
    document.body.innerHTML = '<nav style="display:flex">Home<a href="/a">About</a></nav>';
    expect(walk(document.body).slice(1, -1)).toEqual(['block', 'item "Home"', 'block', '"About" @/a', 'block', 'block']);
  });

  it('reads an open shadow root in place of the host’s children, with slotted nodes where their slot is', () => {
    document.body.innerHTML = '<x-card><b>slotted</b><i slot="nowhere">unslotted</i></x-card>';
    const shadow = document.querySelector('x-card')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>start <slot></slot> end</p>';
    expect(words(walk(document.body))).toEqual(['start', 'slotted', 'end']);
  });

  it('reads a slot’s own content when nothing is assigned to it', () => {
    document.body.innerHTML = '<x-card></x-card>';
    const shadow = document.querySelector('x-card')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p><slot>fallback</slot></p>';
    expect(words(walk(document.body))).toEqual(['fallback']);
  });

  it('reads closed shadow roots through the getter, asked only of custom elements and empty built-in hosts', () => {
    document.body.innerHTML = '<x-closed></x-closed><div id="empty"></div><div id="full">light</div><p>plain</p>';
    const asked: string[] = [];
    const roots = new Map<Element, ShadowRoot>();
    for (const host of [document.querySelector('x-closed')!, document.getElementById('empty')!]) {
      const shadow = host.attachShadow({ mode: 'closed' });
      shadow.innerHTML = `<p>inside ${host.localName}</p>`;
      roots.set(host, shadow);
    }
    const getShadowRoot = (el: Element) => {
      asked.push(el.id || el.localName);
      return roots.get(el) ?? null;
    };
    expect(words(walk(document.body))).toEqual(['light', 'plain']);
    expect(words(walk(document.body, { getShadowRoot }))).toEqual(['inside x-closed', 'inside div', 'light', 'plain']);
    expect(asked).toEqual(['x-closed', 'empty']);
  });

  it('goes on when the shadow root getter throws', () => {
    document.body.innerHTML = '<x-a>light</x-a><p>after</p>';
    const getShadowRoot = () => {
      throw new Error('not allowed');
    };
    expect(words(walk(document.body, { getShadowRoot }))).toEqual(['light', 'after']);
  });

  it('walks a shadow root passed in as the root', () => {
    document.body.innerHTML = '<x-card></x-card>';
    const shadow = document.querySelector('x-card')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>one</p>two';
    expect(walk(shadow)).toEqual(['block', '"one"', 'block', '"two"']);
  });

  it('stops where the budget runs out, and closes nothing after', () => {
    document.body.innerHTML = '<h1>aaaa</h1><p>bbbb</p><p>cccc</p>';
    const budget = new ReadBudget(document, { maxTextChars: 8 });
    const log = walk(document, { budget });
    expect(words(log)).toEqual(['aaaa', 'bbbb']);
    // The paragraph read whole closes; the body and the page it stopped inside do not.
    expect(log.slice(-3)).toEqual(['block', '"bbbb"', 'block']);
    expect(budget.truncated).toEqual({ reason: 'size', share: 8 / 12 });
  });

  it('cuts a text that does not fit only when no segments are kept', () => {
    document.body.innerHTML = '<pre>0123456789</pre>';
    const cut = new Recorder(false);
    walk(document.body, { budget: new ReadBudget(document.body, { maxTextChars: 4 }), recorder: cut });
    expect(words(cut.log)).toEqual(['0123']);
    const whole = new Recorder(true);
    walk(document.body, { budget: new ReadBudget(document.body, { maxTextChars: 4 }), recorder: whole });
    expect(words(whole.log)).toEqual(['0123456789']);
  });
});
