/**
 * The elements of a document whose `::before` or `::after` a style rule may give a box of its own:
 * a pseudo-element placed over the page covers words that are not its element's (a sibling's
 * `::after` laid over a paragraph), and the hit test then names its element, which paints nothing
 * of its own. Reading both pseudo-elements' styles of every element costs a walk its time again,
 * so the candidates are found from the page's style sheets: each rule that names `::before` or
 * `::after` and may move it out of its element's box (`mayMove`), its pseudo-element taken off, is
 * matched against the document. A sheet that cannot be read (of another origin) or a rule that
 * cannot be matched (a nested rule, a selector this browser refuses) might hold one: then every
 * element is a candidate (`all`). Sheets adopted by script are read as the page's own. Pure DOM code.
 */
import { docOf } from '@/lib/page/dom/dom';

/** A selector's pseudo-element `::before` or `::after` (or the old one-colon form). */
const GENERATED = /::?(?:before|after)\b/i;
const EVERY_GENERATED = new RegExp(GENERATED.source, 'gi');

/** The elements whose pseudo-elements may hold a box, or `all` when the sheets cannot tell. */
export function pseudoHosts(doc: Document): Set<Element> | 'all' {
  const selectors: string[] = [];
  try {
    for (const sheet of docOf.sheets(doc)) if (!collect(sheet, selectors)) return 'all';
  } catch {
    return 'all';
  }
  if (selectors.length === 0) return new Set();
  // One match for all (a style sheet of icons has hundreds of such rules), or, when one selector
  // is refused, each apart.
  try {
    return new Set(Array.from(docOf.all(doc, selectors.join(', '))));
  } catch {
    const out = new Set<Element>();
    for (const selector of selectors) {
      try {
        for (const el of Array.from(docOf.all(doc, selector))) out.add(el);
      } catch {
        return 'all';
      }
    }
    return out;
  }
}

/** Adds the selectors of `sheet`'s rules that generate boxes, without their pseudo-element; false: a rule not read. */
function collect(sheet: CSSStyleSheet, into: string[]): boolean {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return false;
  }
  return collectRules(rules, into);
}

function collectRules(rules: CSSRuleList, into: string[]): boolean {
  for (const rule of Array.from(rules)) {
    const imported = (rule as CSSImportRule).styleSheet;
    if (imported !== undefined && imported !== null) {
      if (!collect(imported, into)) return false;
      continue;
    }
    const text = (rule as CSSStyleRule).selectorText;
    if (typeof text === 'string' && GENERATED.test(text) && mayMove((rule as CSSStyleRule).style)) {
      // A nested rule's selector is relative to its parent's (`&::after`): not matched alone.
      if (text.includes('&')) return false;
      for (const part of splitList(text)) {
        if (!GENERATED.test(part)) continue;
        const base = part.replace(EVERY_GENERATED, '').trim();
        into.push(base === '' || /[>+~]$/.test(base) ? `${base} *`.trim() : base);
      }
    }
    // Grouping rules (@media, @supports, @layer, @container, a style rule with nested rules).
    const inner = (rule as CSSGroupingRule).cssRules;
    if (inner !== undefined && inner !== null && inner.length > 0 && !collectRules(inner, into)) return false;
  }
  return true;
}

/**
 * Whether a rule's own declarations may take its pseudo-element out of its element's box: a
 * position (a box placed over the page, or moved by offsets), a transform, a negative margin, or
 * `all` (which may make it take its element's position). A pseudo-element only ever gets these
 * from a rule that names it: the rules that only give it content or a colour (an icon, a
 * clearfix) leave it inside its element's box, which painted-covers.ts asks of its own words.
 */
function mayMove(style: CSSStyleDeclaration | undefined): boolean {
  if (style === undefined) return true;
  const value = (name: string) => style.getPropertyValue(name).trim();
  const position = value('position');
  if (position !== '' && position !== 'static') return true;
  if (['transform', 'translate', 'all'].some((n) => value(n) !== '')) return true;
  return ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'].some((n) => /-|var\(/.test(value(n)));
}

/** A selector list's selectors, split at its top-level commas (not those inside `:is(...)`). */
function splitList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}
