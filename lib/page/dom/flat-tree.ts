/**
 * The flat tree, upwards: where an element is drawn (its slot, its parent, its shadow host).
 * Shared by the visibility rules, the cover test and the proof that a quote is drawn. Read by the
 * browser's own members (lib/page/dom/dom.ts): a form's control named `parentNode` or `assignedSlot`
 * (`<input form="f" name="parentNode">`) cannot lift a form out of the boxes around it.
 */
import { nodeOf } from './dom';

/** The element `el` (or a text node) is drawn in: its slot if it is slotted, else its parent or shadow host. */
export function flatParentElement(el: Element | Text): Element | null {
  const slot = nodeOf.slot(el);
  if (slot) return slot;
  const parent = nodeOf.parent(el);
  if (!parent) return null;
  const type = nodeOf.type(parent);
  if (type === 1) return parent as Element;
  if (type === 11) return nodeOf.host(parent as ShadowRoot) ?? null;
  return null;
}
