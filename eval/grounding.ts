/**
 * npm run eval:grounding -- <corpus> [--questions <n>] [--seed <n>] [--verbose]
 *
 * How many true claims survive a model that quotes as real models do. Every page of the corpus
 * is an open tab, read by the extension's own extraction in headless Chromium; each question's
 * fragments are chosen by the extension's own code (lib/worker/rank/choose.ts), and the question is
 * asked through the real pipeline (lib/worker/answer/pipeline.ts) and transport (the SDK, streaming)
 * of a stand-in Messages API whose model slips (tests/support/stand-in/slipping-model.ts).
 *
 * A question corpus gives its questions and answer strings; a corpus without questions gets one
 * to three questions per page, each on a sentence of its expected text (the sentence's longest words asked
 * about, a run of its words as the answer string).
 *
 * Reported, per slip class: citations made, claims shown from the first reply, after the retry,
 * and not shown; then the line `grounding kept K per 100 true claims, second calls S per 100
 * answers, unverified shown U`. A true claim is one whose words stand in the pages (its slip is
 * honest); unverified shown counts shown citations whose words, checked here again on their own,
 * do not stand in the passage they name, and shown claims whose quote was changed, translated
 * or invented.
 */
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { claudeCall } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { choosePassages } from '@/lib/worker/rank/choose';
import { normalize } from '@/lib/shared/text/normalize';
import { DEFAULT_FRAGMENT_BUDGET, DEFAULT_MIN_LITERAL_LENGTH } from '@/lib/shared/store/settings';
import type { FailureLogEntry, Outcome } from '@/lib/shared/answer/run';
import { startMessagesApi } from '../tests/support/stand-in/messages-api';
import { HONEST, SLIP_CLASSES, slippingModel, type SlipClass } from '../tests/support/stand-in/slipping-model';
import { numberOption } from './lib/cli';
import { corpusArg, listPages, readQuestions, type CorpusPage } from './lib/corpus';
import { readCorpusAsTabs } from './lib/open-tabs';

interface Asked {
  question: string;
  answers: string[];
}

/** Up to three questions per page of a corpus without questions, each on a sentence of its expected text. */
function questionsOfPages(pages: CorpusPage[]): Asked[] {
  const out: Asked[] = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  for (const page of pages) {
    const candidates = [...segmenter.segment(page.expected.replace(/\s+/g, ' '))]
      .map((s) => s.segment.trim())
      .filter((s) => s.length >= 60 && s.length <= 300);
    // Up to three sentences, a quarter, half and three quarters of the way down the page.
    const picked = new Set([1, 2, 3].map((k) => candidates[Math.floor((candidates.length * k) / 4)]));
    for (const sentence of picked) {
      if (!sentence) continue;
      const words = sentence.split(' ');
      const longest = [...new Set(words.map((w) => w.replace(/[^\p{L}\p{N}-]/gu, '')))]
        .filter((w) => w.length > 0)
        .sort((a, b) => b.length - a.length)
        .slice(0, 3);
      out.push({ question: `What about ${longest.join(' ')}?`, answers: [words.slice(0, 6).join(' ')] });
    }
  }
  return out;
}

type Row = { made: number; first: number; retried: number; notShown: number };

async function main() {
  const dir = corpusArg('npm run eval:grounding -- <corpus> [--questions <n>] [--seed <n>]');
  const limit = numberOption('questions', 400, (v) => v > 0);
  const seed = numberOption('seed', 21, () => true);
  const verbose = process.argv.includes('--verbose');
  const pages = listPages(dir);
  const fromCorpus = readQuestions(dir);
  const asked: Asked[] = (fromCorpus.length > 0 ? fromCorpus : questionsOfPages(pages)).slice(0, limit);
  const tabs = await readCorpusAsTabs(pages);
  const passages = tabs.flatMap((t) => t.passages);
  console.log(`${tabs.length} pages as tabs, ${passages.length} passages, ${asked.length} questions`);

  const answersOf = new Map(asked.map((a) => [a.question, a.answers]));
  const pageText = new Map(tabs.map((t) => [t.tabId, normalize(t.passages.map((p) => p.text).join(' '))]));
  const byText = new Map(passages.map((p) => [p.text, p]));
  const model = slippingModel({
    seed,
    answersOf: (q) => answersOf.get(q) ?? [],
    // What the model sees: the next document's words follow this one's in the page.
    continues: (a, b) => {
      const pa = byText.get(a.text);
      const pb = byText.get(b.text);
      return !!pa && !!pb && pa.tabId === pb.tabId && pageText.get(pa.tabId)!.includes(normalize(`${a.text} ${b.text}`));
    },
  });
  const api = await startMessagesApi();
  api.enqueue(...Array.from({ length: asked.length * 2 }, () => model.reply));
  const callModel = claudeCall({ apiKey: 'sk-ant-eval', model: 'claude-stand-in', baseURL: api.url }, ANSWER_REQUEST, {
    // As the extension: a dropped connection is tried again (a keep-alive socket the server
    // closed while a slow ranking ran); the stand-in answers only requests it received.
    retryPolicy: { retries: 2, capMs: 0, baseMs: 0 },
  });

  const rows = new Map<SlipClass, Row>(SLIP_CLASSES.map((c) => [c, { made: 0, first: 0, retried: 0, notShown: 0 }]));
  let trueClaims = 0;
  let kept = 0;
  let answers = 0;
  let secondCalls = 0;
  let unverified = 0;
  let noClaim = 0;
  let errors = 0;
  for (const q of asked) {
    const choice = choosePassages(passages, q.question, DEFAULT_FRAGMENT_BUDGET);
    if (choice.abstain) {
      noClaim++;
      continue;
    }
    let outcome: Outcome;
    const failures: FailureLogEntry[] = [];
    try {
      outcome = await answerQuestion(
        { question: q.question, passages: choice.passages, minLiteralLength: DEFAULT_MIN_LITERAL_LENGTH },
        { callModel, log: (e) => void failures.push(e), now: () => 0 },
      );
    } catch (err) {
      // Counted, and the run goes on: one failed call must not hide the other questions' figures.
      errors++;
      console.error(`error on "${q.question}" (${choice.passages.length} fragments): ${String(err)}`);
      continue;
    }
    answers++;
    if (outcome.retried) secondCalls++;
    const meant = model.meant.get(q.question) ?? [];
    if (meant.length === 0) noClaim++;
    const shown = outcome.kind === 'answer' ? outcome.claims : [];
    for (const claim of shown) {
      for (const c of claim.citations) {
        const passage = normalize(c.passageText);
        const spans = c.parts ?? [c.literal];
        if (!spans.every((s) => passage.includes(normalize(s)))) unverified++;
      }
    }
    for (const m of meant) {
      const row = rows.get(m.slip)!;
      row.made++;
      const isShown = shown.some((c) => c.text === m.text);
      if (HONEST.has(m.slip)) {
        trueClaims++;
        if (isShown) kept++;
      } else if (isShown) {
        // Shown, but was the quote the model's changed words? Then it is unverified.
        const quoted = shown.find((c) => c.text === m.text)!.citations.map((c) => c.literal);
        if (quoted.some((l) => normalize(l) === normalize(m.quote.literal))) unverified++;
      }
      if (!isShown) {
        row.notShown++;
        if (verbose && HONEST.has(m.slip)) {
          const problems = failures.flatMap((f) => f.attempts.flat()).map((p) => `${p.kind}: ${p.message.slice(0, 300)}`);
          console.log(`lost ${m.slip} [${m.quote.index}] "${m.quote.literal.slice(0, 200)}"\n  ${problems.join('\n  ')}`);
        }
      } else if (outcome.retried) row.retried++;
      else row.first++;
    }
  }
  await api.close();

  const pct = (n: number, d: number) => (d === 0 ? '-' : ((100 * n) / d).toFixed(1));
  console.log(
    `${'slip'.padEnd(16)} ${'made'.padStart(6)} ${'shown 1st'.padStart(10)} ${'after retry'.padStart(12)} ${'not shown'.padStart(10)}`,
  );
  for (const c of SLIP_CLASSES) {
    const r = rows.get(c)!;
    console.log(
      `${(c + (HONEST.has(c) ? '' : ' (false)')).padEnd(16)} ${String(r.made).padStart(6)} ${String(r.first).padStart(10)} ${String(r.retried).padStart(12)} ${String(r.notShown).padStart(10)}`,
    );
  }
  console.log(
    `${answers} answers asked, ${noClaim} questions with no claim meant or refused early, ${model.retries} retry requests, ${errors} errors`,
  );
  console.log(
    `grounding kept ${pct(kept, trueClaims)} per 100 true claims, second calls ${pct(secondCalls, answers)} per 100 answers, unverified shown ${unverified}`,
  );
}

await main();
