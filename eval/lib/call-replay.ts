/**
 * The browser calls a piece of page code makes (computed styles and each property read of them,
 * rectangles of text and of boxes, `checkVisibility`, hit tests, attributes, box sizes), recorded
 * while it runs once, then made again alone, in the same order, with none of the code that chose
 * them: what those calls cost by themselves. eval/check-calls.ts weighs a check so against a
 * baseline's, which tells a cost the code around the calls could win back from one only fewer or
 * cheaper calls can. Runs in a corpus page; pure DOM code.
 */

/** What kind of browser call a recorded call is. */
export type CallKind =
  | 'computed style'
  | 'style read'
  | 'text rectangles'
  | 'box rectangles'
  | 'checkVisibility'
  | 'hit test'
  | 'attribute'
  | 'box size';

/** One recorded call: its kind, what it asked (a property's name, for a style read), and how to make it again. */
export interface Call {
  kind: CallKind;
  what: string;
  again: () => unknown;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** Replaces `owner[name]` for the time of a recording; gives back a function that puts it back. */
function patch(owner: object, name: string, make: (original: Method) => Method): () => void {
  const own = Object.getOwnPropertyDescriptor(owner, name);
  const original = (owner as Record<string, Method>)[name]!;
  Object.defineProperty(owner, name, { value: make(original), configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(owner, name, own);
    else delete (owner as Record<string, unknown>)[name];
  };
}

/** Replaces the getter `name` of `proto` for the time of a recording. */
function patchGetter(proto: object, name: string, make: (get: () => unknown) => () => unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(proto, name)!;
  Object.defineProperty(proto, name, { ...own, get: make(own.get!) });
  return () => Object.defineProperty(proto, name, own);
}

/** The methods of elements and documents recorded as they are, each with its kind and what it is called in the record. */
function nodeCalls(): ReadonlyArray<[object, string, CallKind, string]> {
  return [
    [Element.prototype, 'getClientRects', 'box rectangles', 'getClientRects'],
    [Element.prototype, 'getBoundingClientRect', 'box rectangles', 'getBoundingClientRect'],
    [Element.prototype, 'checkVisibility', 'checkVisibility', ''],
    [Element.prototype, 'getAttribute', 'attribute', 'getAttribute'],
    [Element.prototype, 'hasAttribute', 'attribute', 'hasAttribute'],
    [Document.prototype, 'elementsFromPoint', 'hit test', 'elementsFromPoint'],
    [Document.prototype, 'elementFromPoint', 'hit test', 'elementFromPoint'],
  ];
}

/** The element-size properties read of boxes. */
const BOX_SIZES = [
  'clientWidth',
  'clientHeight',
  'clientLeft',
  'clientTop',
  'scrollWidth',
  'scrollHeight',
  'scrollLeft',
  'scrollTop',
];

/**
 * Runs `run` once and records every browser call of the kinds above that it makes, with what is
 * needed to make each again: a style read is made again of the computed style its recording's
 * `getComputedStyle` gets again (one object per ask, as the code had).
 */
export function recordCalls(run: () => unknown): Call[] {
  const calls: Call[] = [];
  const view = window;
  const restore: Array<() => void> = [];
  const add = (kind: CallKind, what: string, again: () => unknown) => calls.push({ kind, what, again });
  restore.push(
    patch(
      view,
      'getComputedStyle',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const [el, pseudo] = args as [Element, string | undefined];
          const style = original.call(view, el, pseudo) as CSSStyleDeclaration;
          const slot: { style: CSSStyleDeclaration | null } = { style: null };
          add('computed style', pseudo ?? '', () => (slot.style = view.getComputedStyle(el, pseudo)));
          return new Proxy(style, {
            get(target, key) {
              const value = Reflect.get(target, key) as unknown;
              if (typeof value !== 'function') {
                add('style read', String(key), () => (slot.style as unknown as Record<string | symbol, unknown>)[key]);
                return value;
              }
              if (key !== 'getPropertyValue') return (value as Method).bind(target);
              return (name: string) => {
                add('style read', name, () => slot.style!.getPropertyValue(name));
                return target.getPropertyValue(name);
              };
            },
          });
        },
    ),
  );
  const range = document.createRange();
  for (const name of ['getClientRects', 'getBoundingClientRect'] as const) {
    restore.push(
      patch(
        Range.prototype,
        name,
        (original) =>
          function (this: unknown) {
            const r = this as Range;
            const [sc, so, ec, eo] = [r.startContainer, r.startOffset, r.endContainer, r.endOffset];
            add('text rectangles', name, () => {
              range.setStart(sc, so);
              range.setEnd(ec, eo);
              return range[name]();
            });
            return original.call(this);
          },
      ),
    );
  }
  // The other methods: made again on the same node with the same arguments.
  for (const [owner, name, kind, what] of nodeCalls()) {
    restore.push(
      patch(
        owner,
        name,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            const node = this as Record<string, Method>;
            add(kind, what, () => node[name]!.apply(node, args));
            return original.apply(this, args);
          },
      ),
    );
  }
  for (const name of BOX_SIZES) {
    restore.push(
      patchGetter(
        Element.prototype,
        name,
        (get) =>
          function (this: unknown) {
            const el = this as Element;
            add('box size', name, () => (el as unknown as Record<string, unknown>)[name]);
            return get.call(this);
          },
      ),
    );
  }
  try {
    run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return calls;
}

/** Makes `calls` again, in order, but those `leaveOut` names; what they answered is dropped. */
export function replay(calls: readonly Call[], leaveOut: (call: Call) => boolean = () => false): () => void {
  const kept = calls.filter((c) => c.kind === 'computed style' || !leaveOut(c));
  return () => {
    for (const call of kept) call.again();
  };
}
