/**
 * Every word of the interface is in every catalogue (public/_locales/<folder>), English the
 * reference: the keys the code uses exist; each catalogue has English's keys with the same
 * placeholders, a count's message in exactly the plural forms its language has (CLDR's
 * categories as `Intl.PluralRules` names them: `<base>_one` and `<base>_other` in English,
 * `_one`/`_few`/`_many`/`_other` in Russian, the six in Arabic, `_other` alone in Japanese); its
 * `locale` is a valid tag matching the folder (pt_BR: pt-BR); no message is left in English but
 * names; and no screen writes user-visible English of its own. A new catalogue is checked as soon
 * as its folder exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalogue, readCatalogue } from '@/tests/support/catalogue';
import { visibleStrings } from '@/tests/support/visible-strings';

const ROOT = resolve(import.meta.dirname, '../..');
const LANGUAGES = readdirSync(join(ROOT, 'public/_locales')).sort();

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

/** The BCP 47 tag of a catalogue's folder: the browser's folders use `_` (pt_BR), tags `-` (pt-BR). */
const tagOf = (folder: string) => folder.replace('_', '-');

/** The plural categories of a language, as the plural rules of this runtime name them. */
const categoriesOf = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];

/** Messages that read the same in every language: our name, other companies' names, punctuation. */
const SAME_EVERYWHERE = new Set([
  'extName',
  'pdf',
  'pdfViewerTitle',
  'pdfTitle',
  'citationMoment',
  'listSeparator',
  'serverOpenAI',
  'serverGemini',
  'serverOpenRouter',
  'serverGroq',
  'serverMistral',
  'serverApi',
  // A provider's product name, a unit, an abbreviation and a pair of quotation marks that many
  // languages write as English does.
  'serverAnthropic',
  'megabytes',
  'citationPage',
  'quoted',
]);
/** Messages that read the same as English in one language: a word the two languages share. */
const SAME_IN: Record<string, string[]> = {
  es: ['diagErrors_one'],
  de: ['details', 'server', 'serverHost'],
  fr: [
    'question',
    'scopeLegend',
    'sources',
    'coveragePassages_one',
    'coveragePassages_other',
    'historyQuestions_one',
    'historyQuestions_other',
    'colQuestions',
    'pdfDocument',
  ],
  it: ['server', 'serverHost'],
  tr: ['model'],
};

const en = readCatalogue('en');
/** The counts' messages: each base that English gives as `<base>_one` and `<base>_other`. */
const PLURAL_BASES = new Set(
  Object.keys(en)
    .filter((k) => k.endsWith('_other') && en[k.replace(/_other$/, '_one')])
    .map((k) => k.replace(/_other$/, '')),
);
const baseOf = (key: string) => {
  const m = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
  return m && PLURAL_BASES.has(m[1]!) ? m[1]! : null;
};

/** Every key a catalogue in `tag` must hold, each with the English message it stands for. */
function expectedKeys(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, { message }] of Object.entries(en)) {
    const base = baseOf(key);
    if (!base) out.set(key, message);
    else if (key === `${base}_other`) for (const c of categoriesOf(tag)) out.set(`${base}_${c}`, message);
  }
  return out;
}

/** What is wrong with the placeholders of `message` in `key`, whose English (`_other` for a count) is `english`. */
function placeholderProblem(key: string, message: string, english: string): string | null {
  const want = placeholders(english);
  const got = placeholders(message);
  // A count's zero, one or two form may write the number in words ("one tab"), leaving `$1` out.
  const wordsForNumber = /_(zero|one|two)$/.test(key) && baseOf(key) !== null;
  const ok = got.join() === want.join() || (wordsForNumber && got.join() === want.filter((p) => p !== '$1').join());
  if (!ok) return `${key}: placeholders [${got.join(' ')}], English [${want.join(' ')}]`;
  // Chromium reads `$name$` as a named placeholder and refuses to load an extension whose
  // catalogue uses one it does not define: `$1$2` is such a case.
  if (/\$\w+\$/.test(message)) return `${key}: two placeholders side by side (Chromium refuses to load it)`;
  return null;
}

/** The keys the code names: `t('key'…)`, `plural('base'…)` (its `_other`), `__MSG_key__`; and the plural bases. */
function keysUsed(): { keys: Map<string, string>; bases: Set<string> } {
  const keys = new Map<string, string>();
  const bases = new Set<string>();
  for (const f of SOURCES) {
    const text = read(f);
    for (const m of text.matchAll(/\bt\(\s*'([A-Za-z0-9_]+)'/g)) keys.set(m[1]!, f);
    for (const m of text.matchAll(/\bplural\(\s*'([A-Za-z0-9_]+)'/g)) {
      bases.add(m[1]!);
      keys.set(`${m[1]}_other`, f);
    }
    for (const m of text.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)) keys.set(m[1]!, f);
  }
  return { keys, bases };
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
  it('are English, the default, and each language in a folder the browsers read', () => {
    expect(LANGUAGES).toContain('en');
    expect(LANGUAGES).toContain('es');
    expect(read('wxt.config.ts')).toMatch(/default_locale: 'en'/);
    for (const folder of LANGUAGES)
      expect(folder, 'a folder is a language, or a language_REGION').toMatch(/^[a-z]{2,3}(_[A-Z]{2})?$/);
  });

  it.each(LANGUAGES)('%s: says its language in `locale`, a valid tag matching its folder', (folder) => {
    const tag = readCatalogue(folder).locale?.message ?? '';
    expect(tag).toBe(tagOf(folder));
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    expect(new Intl.PluralRules(tag).resolvedOptions().locale.split('-')[0]).toBe(tag.split('-')[0]);
  });

  it.each(LANGUAGES)("%s: has English's keys, each count in exactly its language's plural forms", (folder) => {
    const catalogue = readCatalogue(folder);
    const expected = expectedKeys(tagOf(folder));
    expect(
      [...expected.keys()].filter((k) => !catalogue[k]),
      `missing (plural forms of ${tagOf(folder)}: ${categoriesOf(tagOf(folder)).join(', ')})`,
    ).toEqual([]);
    expect(
      Object.keys(catalogue).filter((k) => !expected.has(k)),
      'not in English, or a plural form the language does not have',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s: has the same placeholders as English, none side by side, and no empty message', (folder) => {
    const catalogue: Catalogue = readCatalogue(folder);
    const problems: string[] = [];
    for (const [key, english] of expectedKeys(tagOf(folder))) {
      const message = catalogue[key]?.message;
      if (typeof message !== 'string') continue; // reported as missing above
      if (!message.trim()) problems.push(`${key}: empty`);
      const problem = placeholderProblem(key, message, english);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s: leaves no message in English but names', (folder) => {
    const catalogue = readCatalogue(folder);
    const allowed = new Set([...SAME_EVERYWHERE, ...(SAME_IN[folder] ?? [])]);
    const english = (key: string) => {
      const base = baseOf(key);
      return base ? [en[`${base}_one`]!.message, en[`${base}_other`]!.message] : [en[key]?.message];
    };
    const copied = Object.keys(catalogue).filter(
      (k) => k !== 'locale' && !allowed.has(k) && english(k).includes(catalogue[k]!.message),
    );
    expect(copied).toEqual([]);
  });

  it('find a message left in English, a plural form missing, a stray one and a placeholder lost', () => {
    // The checks above, on a Russian catalogue with one of each fault: each is reported.
    expect(categoriesOf('ru')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
    const keys = [...expectedKeys('ru').keys()];
    expect(keys).toContain('tabsNotRead_few');
    expect(keys).not.toContain('tabsNotRead_two');
    expect(placeholderProblem('tabsNotRead_many', 'вкладок не прочитано', '$1 tabs were not read')).toMatch(/placeholders/);
    expect(placeholderProblem('tabsNotRead_one', 'одна вкладка не прочитана', '$1 tabs were not read')).toBeNull();
    expect(placeholderProblem('questionTooLong_one', 'Вопрос длиннее $1', '$1 … $2')).toMatch(/placeholders/);
    expect(placeholderProblem('pdfPartial_few', '$2$1 страницы', '$2 of $1 pages')).toMatch(/side by side/);
    expect(placeholderProblem('historyQuestions', 'x', '$1')).toMatch(/placeholders/);
  });

  it('hold every key the code uses, and every count the code writes is a plural in English', () => {
    const { keys, bases } = keysUsed();
    expect(keys.size).toBeGreaterThan(150);
    expect([...bases].filter((b) => !PLURAL_BASES.has(b))).toEqual([]);
    for (const folder of LANGUAGES) {
      const catalogue = readCatalogue(folder);
      expect(
        [...keys].filter(([k]) => !catalogue[k]).map(([k, f]) => `${k} (${f})`),
        folder,
      ).toEqual([]);
    }
  });

  it('hold no message that the code never uses', () => {
    const sources = SOURCES.map(read).join('\n');
    const { keys, bases } = keysUsed();
    // Keys also reach `t` through maps typed by key (a stage, an abstention's reason).
    const unused = Object.keys(en).filter((k) => {
      const base = baseOf(k);
      if (base) return !bases.has(base) && !sources.includes(`'${base}'`);
      return k !== 'locale' && !keys.has(k) && !sources.includes(`'${k}'`);
    });
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
