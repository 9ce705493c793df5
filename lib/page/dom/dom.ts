/**
 * The DOM's own methods and properties, taken from the browser's prototypes when the page script
 * starts, before any lookup through the page's objects: a page can name an element after a
 * member of its document or of a form (`<img name="elementsFromPoint">`, `<form name="defaultView">`,
 * `<input form="f" name="parentNode">` anywhere in the page), and the named element then shadows
 * that member wherever it is read through the page's document or form (DOM clobbering): a check
 * that asked `document.defaultView` or a form's `parentNode` would be told what the page chose
 * (a reader's view of the page, or the boxes around its words). Every lookup of the page script
 * that such a name can reach goes through here (lib/page/*: the reading, the check, the proof);
 * a window's own members (`getComputedStyle`) no element name shadows. Where the prototypes are
 * not there (the unit tests' documents), the object's own member is asked. Imported by
 * entrypoints/page-reader.ts right after lib/page/read/script-start.ts, so that it runs first.
 */

type Fn = (...args: never[]) => unknown;

/** A method of `proto` (the browser's own), or null where the prototype is not there. */
function method(proto: object | undefined, name: string): Fn | null {
  const f = proto === undefined ? undefined : (Object.getOwnPropertyDescriptor(proto, name)?.value as Fn | undefined);
  return typeof f === 'function' ? f : null;
}

/** The getter of `proto`'s property `name` (the browser's own), or null. */
function getter(proto: object | undefined, name: string): Fn | null {
  const g = proto === undefined ? undefined : Object.getOwnPropertyDescriptor(proto, name)?.get;
  return typeof g === 'function' ? (g as Fn) : null;
}

const proto = (name: string): object | undefined => {
  const ctor = (globalThis as Record<string, unknown>)[name];
  return typeof ctor === 'function' ? (ctor as { prototype: object }).prototype : undefined;
};

const DOC = proto('Document');
const NODE = proto('Node');
const ELEMENT = proto('Element');
const HTML = proto('HTMLElement');
const TEXT = proto('Text');
const SHADOW = proto('ShadowRoot');
const apply = Reflect.apply;

const DOC_GET = {
  defaultView: getter(DOC, 'defaultView'),
  documentElement: getter(DOC, 'documentElement'),
  scrollingElement: getter(DOC, 'scrollingElement'),
  body: getter(DOC, 'body'),
  head: getter(DOC, 'head'),
  activeElement: getter(DOC, 'activeElement'),
  styleSheets: getter(DOC, 'styleSheets'),
  adoptedStyleSheets: getter(DOC, 'adoptedStyleSheets'),
};
const DOC_CALL = {
  elementFromPoint: method(DOC, 'elementFromPoint'),
  elementsFromPoint: method(DOC, 'elementsFromPoint'),
  createRange: method(DOC, 'createRange'),
  createTreeWalker: method(DOC, 'createTreeWalker'),
  querySelectorAll: method(DOC, 'querySelectorAll'),
  getElementById: method(DOC, 'getElementById'),
  createElement: method(DOC, 'createElement'),
};
const NODE_GET = {
  parentNode: getter(NODE, 'parentNode'),
  parentElement: getter(NODE, 'parentElement'),
  nodeType: getter(NODE, 'nodeType'),
  ownerDocument: getter(NODE, 'ownerDocument'),
  firstChild: getter(NODE, 'firstChild'),
  nextSibling: getter(NODE, 'nextSibling'),
  previousSibling: getter(NODE, 'previousSibling'),
};
const NODE_CALL = {
  contains: method(NODE, 'contains'),
  getRootNode: method(NODE, 'getRootNode'),
  compareDocumentPosition: method(NODE, 'compareDocumentPosition'),
};
const ELEMENT_GET = {
  assignedSlot: getter(ELEMENT, 'assignedSlot'),
  localName: getter(ELEMENT, 'localName'),
  shadowRoot: getter(ELEMENT, 'shadowRoot'),
  clientWidth: getter(ELEMENT, 'clientWidth'),
  clientHeight: getter(ELEMENT, 'clientHeight'),
  clientLeft: getter(ELEMENT, 'clientLeft'),
  clientTop: getter(ELEMENT, 'clientTop'),
  scrollWidth: getter(ELEMENT, 'scrollWidth'),
  scrollHeight: getter(ELEMENT, 'scrollHeight'),
  scrollLeft: getter(ELEMENT, 'scrollLeft'),
  scrollTop: getter(ELEMENT, 'scrollTop'),
};
const ELEMENT_CALL = {
  getBoundingClientRect: method(ELEMENT, 'getBoundingClientRect'),
  getClientRects: method(ELEMENT, 'getClientRects'),
  checkVisibility: method(ELEMENT, 'checkVisibility'),
  getAttribute: method(ELEMENT, 'getAttribute'),
  hasAttribute: method(ELEMENT, 'hasAttribute'),
  matches: method(ELEMENT, 'matches'),
  closest: method(ELEMENT, 'closest'),
  querySelector: method(ELEMENT, 'querySelector'),
  querySelectorAll: method(ELEMENT, 'querySelectorAll'),
  computedStyleMap: method(ELEMENT, 'computedStyleMap'),
};
const TEXT_SLOT = getter(TEXT, 'assignedSlot');
const SHADOW_HOST = getter(SHADOW, 'host');
const HTML_GET = { style: getter(HTML, 'style') };

/** `self[name]` by the browser's own getter `own` where there is one, else as the object says. */
function read<T>(own: Fn | null, self: object, name: string): T {
  return (own !== null ? apply(own, self, []) : (self as Record<string, unknown>)[name]) as T;
}

/** `self[name](...args)` by the browser's own method `own` where there is one, else the object's. */
function call<T>(own: Fn | null, self: object, name: string, args: unknown[]): T {
  const f = own ?? ((self as Record<string, unknown>)[name] as Fn);
  return apply(f, self, args) as T;
}

/** What a document's members are, as the browser defines them, whatever the page named its elements. */
export const docOf = {
  view: (doc: Document): (Window & typeof globalThis) | null => read(DOC_GET.defaultView, doc, 'defaultView'),
  root: (doc: Document): HTMLElement | null => read(DOC_GET.documentElement, doc, 'documentElement'),
  scrolling: (doc: Document): Element | null => read(DOC_GET.scrollingElement, doc, 'scrollingElement'),
  body: (doc: Document): HTMLElement | null => read(DOC_GET.body, doc, 'body'),
  head: (doc: Document): HTMLHeadElement | null => read(DOC_GET.head, doc, 'head'),
  active: (doc: Document): Element | null => read(DOC_GET.activeElement, doc, 'activeElement'),
  /** The document's style sheets: those of its elements, then those adopted by script. */
  sheets: (doc: Document): CSSStyleSheet[] => [
    ...Array.from(read<StyleSheetList>(DOC_GET.styleSheets, doc, 'styleSheets') as ArrayLike<CSSStyleSheet>),
    ...(read<CSSStyleSheet[] | undefined>(DOC_GET.adoptedStyleSheets, doc, 'adoptedStyleSheets') ?? []),
  ],
  /** Whether the document has a hit test at all (a layout engine: not happy-dom, whose documents have none). */
  hitTests: (doc: Document): boolean => DOC_CALL.elementsFromPoint !== null || typeof doc.elementsFromPoint === 'function',
  elementFromPoint: (doc: Document, x: number, y: number): Element | null =>
    call(DOC_CALL.elementFromPoint, doc, 'elementFromPoint', [x, y]),
  elementsFromPoint: (doc: Document, x: number, y: number): Element[] =>
    call(DOC_CALL.elementsFromPoint, doc, 'elementsFromPoint', [x, y]),
  createRange: (doc: Document): Range => call(DOC_CALL.createRange, doc, 'createRange', []),
  createTreeWalker: (doc: Document, root: Node, show: number): TreeWalker =>
    call(DOC_CALL.createTreeWalker, doc, 'createTreeWalker', [root, show]),
  all: (doc: Document, selector: string): NodeListOf<Element> =>
    call(DOC_CALL.querySelectorAll, doc, 'querySelectorAll', [selector]),
  byId: (doc: Document, id: string): HTMLElement | null => call(DOC_CALL.getElementById, doc, 'getElementById', [id]),
  createElement: (doc: Document, name: string): HTMLElement => call(DOC_CALL.createElement, doc, 'createElement', [name]),
};

/** A node's members, as the browser defines them (a form's controls name no member here). */
export const nodeOf = {
  parent: (n: Node): (Node & ParentNode) | null => read(NODE_GET.parentNode, n, 'parentNode'),
  parentElement: (n: Node): Element | null => read(NODE_GET.parentElement, n, 'parentElement'),
  type: (n: Node): number => read(NODE_GET.nodeType, n, 'nodeType'),
  doc: (n: Node): Document => read(NODE_GET.ownerDocument, n, 'ownerDocument'),
  first: (n: Node): ChildNode | null => read(NODE_GET.firstChild, n, 'firstChild'),
  next: (n: Node): ChildNode | null => read(NODE_GET.nextSibling, n, 'nextSibling'),
  previous: (n: Node): ChildNode | null => read(NODE_GET.previousSibling, n, 'previousSibling'),
  contains: (outer: Node, inner: Node | null): boolean => call(NODE_CALL.contains, outer, 'contains', [inner]),
  root: (n: Node): Node => call(NODE_CALL.getRootNode, n, 'getRootNode', []),
  position: (a: Node, b: Node): number => call(NODE_CALL.compareDocumentPosition, a, 'compareDocumentPosition', [b]),
  /** The slot a node (an element or a text node) is assigned to, or null. */
  slot: (n: Element | Text): HTMLSlotElement | null =>
    read(read<number>(NODE_GET.nodeType, n, 'nodeType') === 3 ? TEXT_SLOT : ELEMENT_GET.assignedSlot, n, 'assignedSlot'),
  /** A shadow root's host. */
  host: (root: ShadowRoot): Element | null => read(SHADOW_HOST, root, 'host'),
};

/** An element's members, as the browser defines them. */
export const elementOf = {
  name: (el: Element): string => read(ELEMENT_GET.localName, el, 'localName'),
  shadowRoot: (el: Element): ShadowRoot | null => read(ELEMENT_GET.shadowRoot, el, 'shadowRoot'),
  rect: (el: Element): DOMRect => call(ELEMENT_CALL.getBoundingClientRect, el, 'getBoundingClientRect', []),
  rects: (el: Element): DOMRectList => call(ELEMENT_CALL.getClientRects, el, 'getClientRects', []),
  /** `checkVisibility(options)`; undefined where the browser has none. */
  checkVisibility: (el: Element, options: object): boolean | undefined => {
    const own = ELEMENT_CALL.checkVisibility ?? (el as unknown as Record<string, unknown>).checkVisibility;
    return typeof own === 'function' ? (apply(own, el, [options]) as boolean) : undefined;
  },
  attribute: (el: Element, name: string): string | null => call(ELEMENT_CALL.getAttribute, el, 'getAttribute', [name]),
  hasAttribute: (el: Element, name: string): boolean => call(ELEMENT_CALL.hasAttribute, el, 'hasAttribute', [name]),
  matches: (el: Element, selector: string): boolean => call(ELEMENT_CALL.matches, el, 'matches', [selector]),
  closest: (el: Element, selector: string): Element | null => call(ELEMENT_CALL.closest, el, 'closest', [selector]),
  query: (el: Element, selector: string): Element | null => call(ELEMENT_CALL.querySelector, el, 'querySelector', [selector]),
  all: (el: Element, selector: string): NodeListOf<Element> =>
    call(ELEMENT_CALL.querySelectorAll, el, 'querySelectorAll', [selector]),
  /** The Typed OM's computed style map; undefined where the browser has none (Firefox). */
  styleMap: (el: Element): { get(property: string): unknown } | undefined => {
    const own = ELEMENT_CALL.computedStyleMap ?? (el as unknown as Record<string, unknown>).computedStyleMap;
    return typeof own === 'function' ? (apply(own, el, []) as { get(property: string): unknown }) : undefined;
  },
  clientWidth: (el: Element): number => read(ELEMENT_GET.clientWidth, el, 'clientWidth'),
  clientHeight: (el: Element): number => read(ELEMENT_GET.clientHeight, el, 'clientHeight'),
  clientLeft: (el: Element): number => read(ELEMENT_GET.clientLeft, el, 'clientLeft'),
  clientTop: (el: Element): number => read(ELEMENT_GET.clientTop, el, 'clientTop'),
  scrollWidth: (el: Element): number => read(ELEMENT_GET.scrollWidth, el, 'scrollWidth'),
  scrollHeight: (el: Element): number => read(ELEMENT_GET.scrollHeight, el, 'scrollHeight'),
  scrollLeft: (el: Element): number => read(ELEMENT_GET.scrollLeft, el, 'scrollLeft'),
  scrollTop: (el: Element): number => read(ELEMENT_GET.scrollTop, el, 'scrollTop'),
  style: (el: HTMLElement): CSSStyleDeclaration => read(HTML_GET.style, el, 'style'),
};
