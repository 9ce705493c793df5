/**
 * The flat tree, upwards: where an element is drawn (its slot, its parent, its shadow host).
 * Shared by the visibility rules, the cover test and the proof that a quote is drawn.
 */

/** The element `el` (or a text node) is drawn in: its slot if it is slotted, else its parent or shadow host. */
export function flatParentElement(el: Element | Text): Element | null {
  const slot = el.assignedSlot;
  if (slot) return slot;
  const parent = el.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return null;
}
