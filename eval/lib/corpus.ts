/** Reads a page corpus in the layout of shared/corpus/README.md, so any eval takes any such folder. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A page of a corpus in the layout of shared/corpus/README.md. */
export interface CorpusPage {
  name: string;
  dir: string;
  html: string;
  /** A PDF corpus's page (`source.pdf` in place of `source.html`): its bytes; `html` is then empty. */
  pdf?: Uint8Array;
  /** The page's main content; paragraphs separated by a blank line. */
  expected: string;
  meta: { url?: string; title?: string; lang?: string; [key: string]: unknown };
}

export interface CorpusQuestion {
  id: string;
  question: string;
  answers: string[];
  page: string;
  context: string;
}

/** The corpus folder from the command line, or a clear message and exit code 2. */
export function corpusArg(usage: string): string {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) {
    console.error(`usage: ${usage}\n(a folder of <page>/source.html or source.pdf, expected.txt, meta.json)`);
    process.exit(2);
  }
  return resolve(dir);
}

export function listPages(corpusDir: string): CorpusPage[] {
  return readdirSync(corpusDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && ['source.html', 'source.pdf'].some((f) => existsSync(join(corpusDir, d.name, f))))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = join(corpusDir, name);
      const metaFile = join(dir, 'meta.json');
      const isPdf = !existsSync(join(dir, 'source.html'));
      return {
        name,
        dir,
        html: isPdf ? '' : readFileSync(join(dir, 'source.html'), 'utf8'),
        ...(isPdf ? { pdf: new Uint8Array(readFileSync(join(dir, 'source.pdf'))) } : {}),
        expected: existsSync(join(dir, 'expected.txt')) ? readFileSync(join(dir, 'expected.txt'), 'utf8') : '',
        meta: existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : {},
      };
    });
}

export function readQuestions(corpusDir: string): CorpusQuestion[] {
  const file = join(corpusDir, 'questions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusQuestion);
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
