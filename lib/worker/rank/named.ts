/**
 * What a question names that the pages can be checked not to hold: the only grounds on which a
 * question is answered "not found" without asking the model (lib/worker/rank/choose.ts). A word
 * that merely does not occur in the pages ("worth", "wichtig", "fiable", "価値") is no such
 * ground: questions of judgement and gist are made of them, and the model answers them, or says
 * itself that the pages hold no answer. What counts, in any language and with no list of words:
 *
 * - a number or code: the digits of a word that holds any ("1884", "A380", "COVID-19"), in any
 *   digit script, their separators dropped ("1,000" and "1000" are one number);
 * - a quoted phrase ("…", “…”, «…», „…“, 「…」, 『…』, 《…》), its words as the pages' words;
 * - a proper name: in a script with case, a word with a capital inside the sentence ("When did
 *   Tesla…", "¿Quién es Ana?"), not the one that starts it unless it is an acronym of three
 *   capitals or more ("NASA", "IPCC 说错了什么？"); in a script without case (Han, kana,
 *   Hangul, Thai, Arabic, Devanagari…), a run of a script that no passage in scope uses at all,
 *   inside a question written mostly in scripts the passages do use ("Who is 王小明?" about English
 *   pages). A question written mostly in a script the pages lack is another language, not a name.
 *   Chinese and Japanese join the parts of a foreign name with a middle dot ("约什·诺曼"): such a
 *   name counts when no passage holds either part (the two characters each side of the dot);
 *   their titles in 《…》 count as quoted phrases.
 *
 * German capitalises every noun ("Lohnt sich die Lektüre?"), so a capital there
 * is no evidence of a name: a question with a German function word ("ist", "der", "nicht"…, a
 * closed list) counts only its words with two capitals or more ("EU", "FC") as names. Its other
 * names cost a call, never a wrong refusal.
 *
 * Each is absent when no passage holds it in any case form and with accents forgiven (as the
 * ranking folds); a name also counts as held when a passage holds it without its last two letters
 * ("Teslas", "Москве"), which forgives the endings of inflected languages, and a long one when a
 * passage holds it split in words ("UserDatagram", "User Datagram"). A name written in a
 * script that no passage uses ("Тесла" about English pages) may be there in theirs: no evidence.
 */
import { foldForSearch, questionWords } from './tokenize';
import type { SourcedPassage } from '@/lib/shared/protocol/types';

export interface Named {
  /** Numbers and codes: the digits of each word holding any, as ASCII, separators dropped. */
  numbers: string[];
  /** Quoted phrases, in their normal form (`phraseForm`). */
  phrases: string[];
  /** Words with a capital inside the sentence, folded. */
  names: string[];
  /** Runs of letters of scripts without case (checked against the scripts the pages use). */
  runs: string[];
  /** Names joined by a middle dot, as the two characters (or one) each side of it. */
  dotted: Array<[string, string]>;
}

/** True when the question names nothing the pages could be checked not to hold. */
export const namesNothing = (n: Named): boolean => n.numbers.length + n.phrases.length + n.names.length + n.runs.length === 0;

// The zero of each run of ten decimal digits that a page may use besides ASCII.
const ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x17e0,
  0x1810, 0xff10,
];

/** Any decimal digit as its ASCII digit. */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    const zero = ZEROS.find((z) => cp >= z && cp <= z + 9);
    return zero === undefined ? d : String(cp - zero);
  });
}

/** Digits with one separator between them ("1,000", "1 000", "1.000", "1'000") as one number. */
const numberForm = (text: string) => asciiDigits(text).replace(/(?<=\d)[.,'’\u00A0\u202F ](?=\d)/gu, '');

/** A phrase's normal form: folded, its runs of anything but letters and digits one space. */
export const phraseForm = (text: string) =>
  foldForSearch(text)
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

const QUOTED =
  /"([^"]+)"|“([^”]+)”|„([^“”]+)[“”]|«\s*([^»]+?)\s*»|»([^«]+)«|「([^」]+)」|『([^』]+)』|《([^》]+)》|〈([^〉]+)〉|‘([^’]+)’(?!\p{L})/gu;
/** A name whose parts a middle dot joins, as Chinese and Japanese write foreign names ("尼古拉·特斯拉", "ニコラ・テスラ"). */
const DOTTED = /(\p{Lo}{1,2})[·・‧•](\p{Lo}{1,2})/gu;
const CAPITALISED = /(?<![\p{L}\p{M}\p{N}])\p{Lu}[\p{L}\p{M}'’.]*/gu;
const SENTENCE_START = /(?:^\s*|[.!?¿¡:;…。！？]\s*|["“„«»「『(¿¡]\s*|\n\s*)$/u;
/** Letters of no case: the scripts written without capitals. */
const CASELESS = /\p{Lo}/u;
const CASELESS_RUN = /[\p{Lo}\p{M}\u30FC]+/gu;
/**
 * Function words of German, the one widely written language that capitalises every noun: a
 * question holding one is read as German. Closed classes (articles, pronouns, auxiliaries), and
 * none that English, Dutch, Spanish, French, Portuguese or Italian write alike ("die", "das",
 * "was", "des", "es", "du", "hier" are left out).
 */
const NOUN_CAPITALISING = new Set(
  (
    'der den dem ein eine einen einem einer eines kein keine keinen nicht ist sind sich und oder ' +
    'wer wie wo wann warum wieso weshalb welche welcher welches gibt hat haben lohnt kann soll ' +
    'diese dieser dieses diesem diesen mir mich ich sie wir ihr uns euch auch noch schon'
  ).split(' '),
);

/** What `question` names that the pages could be checked not to hold. */
export function namedIn(question: string): Named {
  const numbers = new Set<string>();
  const phrases = new Set<string>();
  const names = new Set<string>();
  const runs = new Set<string>();

  for (const m of question.matchAll(QUOTED)) {
    const inner = m.slice(1).find((g) => g !== undefined) ?? '';
    const form = phraseForm(inner);
    if (form) phrases.add(form);
  }
  for (const w of question.split(/[^\p{L}\p{M}\p{N}.,'’-]+/u)) {
    if (!/\p{N}/u.test(w)) continue;
    for (const n of numberForm(w).match(/\d+/g) ?? []) numbers.add(n);
  }
  const nounsCapitalised = foldForSearch(question)
    .split(/[^\p{L}]+/u)
    .some((w) => NOUN_CAPITALISING.has(w));
  // Shouted in capitals throughout (no small letter, and no letter of a caseless script around
  // them): no capital says anything.
  if (/[\p{Ll}\p{Lo}]/u.test(question)) {
    for (const m of question.matchAll(CAPITALISED)) {
      const capitals = (m[0].match(/\p{Lu}/gu) ?? []).length;
      // An acronym of three capitals or more names something even where a sentence starts ("IPCC 说错了什么？").
      const acronym = capitals >= 3 && capitals === (m[0].match(/\p{L}/gu) ?? []).length;
      if (!acronym && SENTENCE_START.test(question.slice(0, m.index))) continue;
      if (nounsCapitalised && capitals < 2) continue;
      for (const w of questionWords(m[0])) if ([...w].length >= 2 && !/\p{N}/u.test(w)) names.add(w);
    }
  }
  for (const m of question.matchAll(CASELESS_RUN)) if (CASELESS.test(m[0])) runs.add(m[0]);
  const dotted = [...question.matchAll(DOTTED)].map((m) => [m[1]!, m[2]!] as [string, string]);
  return { numbers: [...numbers], phrases: [...phrases], names: [...names], runs: [...runs], dotted };
}

/**
 * Script groups, as a reader tells writings apart. Japanese mixes Han and kana, so a page in
 * Chinese "uses" a Japanese question's script.
 */
const SCRIPT_GROUPS: Array<[string, RegExp]> = [
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u],
  ...[
    'Latin',
    'Cyrillic',
    'Greek',
    'Armenian',
    'Hangul',
    'Thai',
    'Lao',
    'Khmer',
    'Myanmar',
    'Arabic',
    'Hebrew',
    'Syriac',
    'Thaana',
    'Devanagari',
    'Bengali',
    'Gurmukhi',
    'Gujarati',
    'Oriya',
    'Tamil',
    'Telugu',
    'Kannada',
    'Malayalam',
    'Sinhala',
    'Tibetan',
    'Ethiopic',
    'Georgian',
    'Mongolian',
  ].map((s): [string, RegExp] => [s, new RegExp(`\\p{Script=${s}}`, 'u')]),
];

/** The script group of a letter (its code point's block of 256 for a script not listed). */
function scriptOf(ch: string): string {
  if (ch < '\u0250') return 'Latin';
  for (const [name, re] of SCRIPT_GROUPS) if (re.test(ch)) return name;
  return `u${(ch.codePointAt(0)! >> 8).toString(16)}`;
}

/** How many letters of each script group `text` holds. */
function scriptsOf(text: string, into = new Map<string, number>()): Map<string, number> {
  for (const m of text.matchAll(/\p{L}/gu)) {
    const s = scriptOf(m[0]);
    into.set(s, (into.get(s) ?? 0) + 1);
  }
  return into;
}

interface PageForms {
  folded: string;
  /** Folded, without spaces, hyphens and other marks between letters ("User Datagram" → "userdatagram"). */
  compact: string;
  numbers: string;
  phrases: string;
}

const forms = new WeakMap<SourcedPassage, PageForms>();
const scripts = new WeakMap<SourcedPassage, Set<string>>();

const textOf = (p: SourcedPassage) => (p.heading ? `${p.heading}\n${p.text}` : p.text);

function formsOf(p: SourcedPassage): PageForms {
  let f = forms.get(p);
  if (!f) {
    const text = textOf(p);
    const folded = foldForSearch(text);
    f = {
      folded,
      compact: folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, ''),
      numbers: numberForm(text),
      phrases: ` ${phraseForm(text)} `,
    };
    forms.set(p, f);
  }
  return f;
}

function scriptsOfPassage(p: SourcedPassage): Set<string> {
  let s = scripts.get(p);
  if (!s) {
    // Runs of one script: the first letter of each word says enough.
    s = new Set(scriptsOf(textOf(p).replace(/(?<=\p{L})\p{L}+/gu, '')).keys());
    scripts.set(p, s);
  }
  return s;
}

/** A name's form that a passage must hold: the whole of a short one, all but two letters of a longer one. */
const nameStem = (w: string) => {
  const chars = [...w];
  return chars.length >= 6 ? chars.slice(0, -2).join('') : w;
};

/**
 * What `named` (from `namedIn(question)`) names that no passage of `passages` holds: empty when
 * the pages may hold everything the question names, or when it names nothing.
 */
export function absentFrom(named: Named, question: string, passages: SourcedPassage[]): string[] {
  if (namesNothing(named)) return [];
  const pages = passages.map(formsOf);
  const absent: string[] = [];
  for (const n of named.numbers) if (!pages.some((p) => p.numbers.includes(n))) absent.push(n);
  for (const ph of named.phrases) if (!pages.some((p) => p.phrases.includes(` ${ph} `))) absent.push(ph);
  // Neither part of a dotted name anywhere (a page may join them with another dot, or none).
  for (const [a, b] of named.dotted)
    if (!pages.some((p) => p.folded.includes(a) || p.folded.includes(b))) absent.push(`${a}·${b}`);
  if (named.names.length + named.runs.length === 0) return absent;
  const used = new Set(passages.flatMap((p) => [...scriptsOfPassage(p)]));
  // A name in a script the pages never use may be written in theirs ("Тесла", "Tesla"): no evidence.
  for (const w of named.names) {
    if (!used.has(scriptOf([...w][0]!))) continue;
    const stem = nameStem(w);
    // A long name also as the pages may split it ("UserDatagram", "User Datagram").
    const held = stem.length >= 6 ? (p: PageForms) => p.compact.includes(stem) : (p: PageForms) => p.folded.includes(stem);
    if (!pages.some(held)) absent.push(w);
  }
  if (named.runs.length > 0) {
    let shared = 0;
    let foreign = 0;
    for (const [s, n] of scriptsOf(question)) {
      if (used.has(s)) shared += n;
      else foreign += n;
    }
    // Inside a question written mostly in the pages' scripts, a run of a script they never use.
    if (shared > foreign) {
      for (const r of named.runs) if ([...r].some((ch) => CASELESS.test(ch) && !used.has(scriptOf(ch)))) absent.push(r);
    }
  }
  return absent;
}
