/**
 * Every word of the interface is in both catalogues: the keys the code uses exist in English and
 * Spanish, the two catalogues have the same keys with the same placeholders, each Spanish message
 * is translated, and no screen writes user-visible English of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '@/tests/support/catalogue';
import { visibleStrings } from '@/tests/support/visible-strings';

const ROOT = resolve(import.meta.dirname, '../..');
const LANGUAGES = readdirSync(join(ROOT, 'public/_locales'));

function files(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = posix.join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...files(rel, pattern));
    else if (pattern.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const SOURCES = [
  ...files('lib', /\.tsx?$/),
  ...files('components', /\.tsx?$/),
  ...files('entrypoints', /\.(tsx?|html)$/),
  'wxt.config.ts',
];
const placeholders = (message: string) => [...new Set(message.match(/\$[1-9]/g) ?? [])].sort();
/** Messages that read the same in both languages: names, symbols, a unit. */
const SAME_IN_SPANISH = new Set([
  'extName',
  'pdf',
  'pdfViewerTitle',
  'pdfTitle',
  'megabytes',
  'citationPage',
  'citationMoment',
  'listSeparator',
  'diagErrors_one',
  // Providers' and an API's names.
  'serverOpenAI',
  'serverGemini',
  'serverOpenRouter',
  'serverGroq',
  'serverMistral',
  'serverApi',
]);

/** The keys the code names: `t('key'…)`, `plural('base'…)` (its `_one` and `_other`), `__MSG_key__`. */
function keysUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const f of SOURCES) {
    const text = read(f);
    for (const m of text.matchAll(/\bt\(\s*'([A-Za-z0-9_]+)'/g)) used.set(m[1]!, f);
    for (const m of text.matchAll(/\bplural\(\s*'([A-Za-z0-9_]+)'/g)) {
      used.set(`${m[1]}_one`, f);
      used.set(`${m[1]}_other`, f);
    }
    for (const m of text.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)) used.set(m[1]!, f);
  }
  return used;
}

/** Words in an HTML page's text and visible attributes, leaving out scripts, comments and `__MSG_key__` names. */
function htmlWords(file: string, html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, '');
  const texts = [
    ...[...body.matchAll(/>([^<]+)</g)].map((m) => m[1]!),
    ...[...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]!),
  ];
  return texts
    .map((x) => x.replace(/__MSG_\w+__/g, '').trim())
    .filter((x) => /\p{L}{2}/u.test(x))
    .map((x) => `${file}: ${x}`);
}

describe('the catalogues', () => {
  const en = readCatalogue('en');

  it('are English and Spanish, English the default', () => {
    expect(LANGUAGES.sort()).toEqual(['en', 'es']);
    expect(read('wxt.config.ts')).toMatch(/default_locale: 'en'/);
  });

  it('have the same keys and the same placeholders in every language', () => {
    for (const lang of LANGUAGES) {
      const other = readCatalogue(lang);
      expect(Object.keys(other).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, { message }] of Object.entries(en)) {
        expect(placeholders(other[key]!.message), `${lang}: ${key}`).toEqual(placeholders(message));
        expect(other[key]!.message.trim(), `${lang}: ${key}`).not.toBe('');
        // Chromium reads `$name$` as a named placeholder and refuses to load an extension whose
        // catalogue uses one it does not define: `$1$2` is such a case.
        expect(other[key]!.message, `${lang}: ${key}`).not.toMatch(/\$\w+\$/);
      }
    }
  });

  it('say in each language what the locale of its numbers and dates is', () => {
    for (const lang of LANGUAGES) expect(readCatalogue(lang).locale?.message).toBe(lang);
  });

  it('have every Spanish message translated, not copied from the English', () => {
    const es = readCatalogue('es');
    const copied = Object.keys(en).filter((k) => k !== 'locale' && !SAME_IN_SPANISH.has(k) && es[k]!.message === en[k]!.message);
    expect(copied).toEqual([]);
  });

  it('hold every key the code uses', () => {
    const used = keysUsed();
    expect(used.size).toBeGreaterThan(150);
    for (const lang of LANGUAGES) {
      const catalogue = readCatalogue(lang);
      expect(
        [...used].filter(([k]) => !catalogue[k]).map(([k, f]) => `${k} (${f})`),
        lang,
      ).toEqual([]);
    }
  });

  it('hold no message that the code never uses', () => {
    const sources = SOURCES.map(read).join('\n');
    const used = keysUsed();
    // Keys also reach `t` through maps typed by key (a stage, an abstention's reason).
    const unused = Object.keys(en).filter((k) => k !== 'locale' && !used.has(k) && !sources.includes(`'${k}'`));
    expect(unused).toEqual([]);
  });
});

describe('the screens', () => {
  it('write no user-visible words of their own: all come from the catalogues', () => {
    const screens = [...files('components', /\.tsx$/), ...files('entrypoints', /\.tsx?$/)];
    expect(screens.length).toBeGreaterThan(30);
    expect(screens.flatMap((f) => visibleStrings(f, read(f)))).toEqual([]);
  });

  it('hold no words in their HTML: titles name a catalogue message, the rest is set by script', () => {
    // The offscreen document is never shown: it only reads PDFs (and has no i18n API to read a catalogue).
    const pages = files('entrypoints', /\.html$/).filter((f) => !f.startsWith('entrypoints/offscreen/'));
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.flatMap((f) => htmlWords(f, read(f)))).toEqual([]);
    expect(htmlWords('x.html', '<title>Cited Tabs</title><a title="Open">x</a><script>var a = "b"</script>')).toEqual([
      'x.html: Cited Tabs',
      'x.html: Open',
    ]);
  });

  it('are read in a way that finds words in text, in visible attributes and in what an expression renders', () => {
    const source = `
      export const A = ({ on }: { on: boolean }) => (
        <div title="Tooltip words" class="not-words here" aria-hidden="true">
          Plain text
          <input placeholder={on ? 'Type here' : t('question')} aria-label={\`Delete \${x}\`} />
          {on && 'Shown when on'}
          {on === 'popup' ? t('ask') : null}
          <span>‹ {t('previous')} ×</span>
        </div>
      );
      el.textContent = \`Page \${n} of the PDF\`;
      el.setAttribute('aria-label', 'Document');
      el.className = 'quiet words';
    `;
    expect(visibleStrings('x.tsx', source).map((s) => s.text)).toEqual([
      'Tooltip words',
      'Plain text',
      'Type here',
      'Delete',
      'Shown when on',
      'Page',
      'of the PDF',
      'Document',
    ]);
  });
});
