/**
 * The question the unseen suites ask about tests/fixtures/unseen-later.html, in Chromium
 * (tests/e2e/unseen.test.ts) and in Firefox (tests/e2e-firefox/unseen.test.ts), set up once: the
 * page opened, the stand-in's answer queued (the care sentence a reader sees cited, then any claims
 * more; when told, the retry's answer with the care sentence alone), and the question asked in the
 * popup. Each browser's harness opens a page and its popup its own way, so it passes them in.
 */
import { answerReply, indexOf, messageCalls } from './stand-in/replies';
import type { MessagesApi, RecordedRequest } from './stand-in/messages-api';

/** The sentence of unseen-later.html a reader sees, which every answer cites. */
const CARE = 'Descale the Brightwater kettle once a month with white vinegar.';

/** A claim after the care sentence's, citing `literal`, found in the request by `words`. */
export interface CareClaim {
  text: string;
  words: string;
  literal: string;
}

export interface CareOptions {
  /** Claims after the care sentence's, in the first answer. */
  more?: readonly CareClaim[];
  /** The first answer streamed slowly (ms between chunks), so that the page can change while it comes. */
  chunkDelayMs?: number;
  /** A second answer queued, the care sentence's alone: the retry once a claim is not shown as checked. */
  retry?: boolean;
}

/** How a browser's harness opens a fixture (`P`, its page) and asks in its popup (`Q`). */
export interface CareBrowser<P, Q> {
  api: MessagesApi;
  open: (fixture: string) => Promise<P>;
  ask: (page: P, question: string) => Promise<Q>;
}

const careClaim = (req: RecordedRequest) => ({
  text: 'Descale it monthly.',
  citations: [{ index: indexOf(req, 'Descale'), literal: CARE }],
});

/**
 * Opens unseen-later.html, queues the answers and asks "How do I look after the kettle?";
 * `before`: the requests the stand-in had had when the popup was opened.
 */
export async function askAboutCare<P, Q>(
  browser: CareBrowser<P, Q>,
  { more = [], chunkDelayMs, retry = false }: CareOptions = {},
): Promise<{ page: P; popup: Q; before: number }> {
  const page = await browser.open('unseen-later.html');
  browser.api.enqueue((req) => ({
    ...answerReply([
      careClaim(req),
      ...more.map((c) => ({ text: c.text, citations: [{ index: indexOf(req, c.words), literal: c.literal }] })),
    ]),
    ...(chunkDelayMs ? { chunkDelayMs } : {}),
  }));
  if (retry) browser.api.enqueue((req) => answerReply([careClaim(req)]));
  const before = messageCalls(browser.api).length;
  const popup = await browser.ask(page, 'How do I look after the kettle?');
  return { page, popup, before };
}
