/**
 * Every style sheet of the screens (and the few the extension puts into pages) lays out with
 * logical properties, so that an Arabic or Hebrew screen, `dir="rtl"`, is the same layout
 * mirrored: margin-inline-start rather than margin-left, text-align: start rather than left,
 * no four-value margin or padding whose right and left differ. A physical left or right fails this
 * test, unless the allow-list below says why it is right in both directions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_CSS } from '@/lib/shared/core/highlight-style';
import { QUOTE_OVERLAY_CSS } from '@/lib/page/video/overlay';

const ROOT = resolve(import.meta.dirname, '../..');

interface Declaration {
  sheet: string;
  selector: string;
  property: string;
  value: string;
}

/** The declarations of a style sheet, each with the selector (or at-rule) of its block. */
export function declarations(sheet: string, css: string): Declaration[] {
  const out: Declaration[] = [];
  const blocks: string[] = [];
  let text = '';
  const flush = () => {
    const colon = text.indexOf(':');
    if (blocks.length > 0 && colon > 0) {
      out.push({
        sheet,
        selector: blocks[blocks.length - 1]!,
        property: text.slice(0, colon).trim().toLowerCase(),
        value: text.slice(colon + 1).trim(),
      });
    }
    text = '';
  };
  for (const ch of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (ch === '{') {
      blocks.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (ch === '}') {
      flush();
      blocks.pop();
    } else if (ch === ';') flush();
    else text += ch;
  }
  return out;
}

/** The shorthands whose four values go top, right, bottom, left. */
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);

/** Why `d` would lay out the same in both directions only by chance, or null when it is logical. */
export function physical(d: Declaration): string | null {
  if (/(^|-)(left|right)(-|$)/.test(d.property)) return `the property ${d.property}`;
  if (/\b(left|right)\b/i.test(d.value)) return `the value ${d.value}`;
  if (/\b(translateX|translate|translate3d|scaleX|skewX)\(/i.test(d.value)) return `a horizontal transform ${d.value}`;
  if (d.property === 'translate' && !/^0(px)?(\s+\S+)?$/.test(d.value)) return `a horizontal translate ${d.value}`;
  const values = d.value.split(/\s+(?![^(]*\))/);
  if (BOX_SHORTHANDS.has(d.property) && values.length === 4 && values[1] !== values[3]) {
    return `${d.property} with a right (${values[1]}) and a left (${values[3]}) that differ`;
  }
  if (d.property === 'border-radius' && new Set(d.value.split('/')[0]!.trim().split(/\s+/)).size > 1) {
    return `corners that differ, ${d.value}`;
  }
  return null;
}

/**
 * The declarations that are physical on purpose, each with its reason. Keyed by sheet, selector
 * and property; a new one needs a reason a reviewer accepts.
 */
const ALLOWED: Record<string, string> = {
  // The mirror itself: what points to the inline end in English points to it in Arabic too.
  "assets/app.css | [dir='rtl'] .flip-rtl | transform": 'the mirroring of directional icons in a right-to-left screen',
};

function sheetsUnder(dir: string): string[] {
  return readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.css'))
    .map((f) => relative(ROOT, join(ROOT, dir, f)));
}

const SHEETS: Array<[string, string]> = [
  ...['assets', 'components', 'entrypoints']
    .flatMap(sheetsUnder)
    .map((f): [string, string] => [f, readFileSync(resolve(ROOT, f), 'utf8')]),
  ['lib/shared/core/highlight-style.ts HIGHLIGHT_CSS', HIGHLIGHT_CSS],
  ['lib/page/video/overlay.ts QUOTE_OVERLAY_CSS', QUOTE_OVERLAY_CSS],
];

describe('style sheets use logical properties only', () => {
  it('finds the style sheets of every screen', () => {
    const names = SHEETS.map(([f]) => f);
    for (const f of [
      'assets/theme.css',
      'assets/app.css',
      'components/options/settings.css',
      'entrypoints/options/style.css',
      'entrypoints/popup/style.css',
      'entrypoints/sidepanel/style.css',
      'entrypoints/welcome/style.css',
      'entrypoints/pdf-viewer/style.css',
    ]) {
      expect(names).toContain(f);
    }
    expect(SHEETS.every(([, css]) => declarations('', css).length > 0)).toBe(true);
  });

  it('no stylesheet says left or right, but for the allow-list', () => {
    const found = SHEETS.flatMap(([sheet, css]) =>
      declarations(sheet, css).flatMap((d) => {
        const why = physical(d);
        const key = `${d.sheet} | ${d.selector} | ${d.property}`;
        return why && !(key in ALLOWED) ? [`${key}: ${why}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('every entry of the allow-list is still needed (none left behind by a fix)', () => {
    const keys = SHEETS.flatMap(([sheet, css]) =>
      declarations(sheet, css)
        .filter((d) => physical(d) !== null)
        .map((d) => `${d.sheet} | ${d.selector} | ${d.property}`),
    );
    expect(Object.keys(ALLOWED).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('catches the physical forms, and lets the logical ones pass', () => {
    const css = `
      .a { margin-left: 4px; padding-right: 2px; border-left: 1px solid; border-top-right-radius: 3px }
      .b { text-align: left; float: right; left: 0; inset: 0 4px 0 8px; padding: 0 8px 0 4px }
      .c { transform: translateX(4px); border-radius: 6px 0 0 6px; background-position: right 4px center }
      .ok { margin-inline-start: 4px; padding-inline: 2px 4px; border-inline-start: 1px solid; text-align: start;
            inset: 0 0 auto 0; padding: 0 8px; margin: 0 auto 4px; border-start-end-radius: 3px; border-radius: 50%;
            transform: rotate(360deg); inset-inline-end: 0 }`;
    const flagged = declarations('t', css)
      .filter((d) => physical(d) !== null)
      .map((d) => `${d.selector} ${d.property}`);
    expect(flagged).toEqual([
      '.a margin-left',
      '.a padding-right',
      '.a border-left',
      '.a border-top-right-radius',
      '.b text-align',
      '.b float',
      '.b left',
      '.b inset',
      '.b padding',
      '.c transform',
      '.c border-radius',
      '.c background-position',
    ]);
  });
});
