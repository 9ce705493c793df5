/**
 * The one protocol between the extension's contexts. Every request is a zod schema discriminated
 * by `type`, and every request has the schema of its reply beside it, in one map per direction:
 * the screens call the worker (`workerCalls`), the worker calls the script in a page
 * (`pageCalls`). Whatever arrives is parsed before use, requests by the receiver and replies by
 * the sender (`sendChecked`): a message is data from another context, never a trusted object,
 * and no reply is cast to its type.
 */
import * as z from 'zod/mini';
import { MAX_PASSAGES, MAX_QUESTION_CHARS, MAX_URL_CHARS } from '@/lib/shared/core/limits';
import {
  seenResultSchema,
  highlightOutcomeSchema,
  screenBoxesSchema,
  frameBoxSchema,
  MAX_FRAME_VIDEOS,
  pageTextSchema,
  passageSchema,
  shownReplySchema,
  videoReadSchema,
} from './types';
import { videoRequests } from './video-requests';
import { MAX_VIDEO_KEY_CHARS } from '@/lib/shared/video/video-moment';
import { pageRequests } from './page-requests';
import { MAX_SEEN_TARGETS, MAX_QUOTE_PARTS, quoteRequests } from './quote-requests';
import type { AnyRequest, Calls, ReplyOf, RequestOf } from './dispatch';
import { checked, okReply as ok, ProtocolError, workerReplies } from './worker-replies';

export const askMessage = z
  .object({
    type: z.literal('ask'),
    question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QUESTION_CHARS)),
    /** `tabs`: only the tabs the user ticked ("Choose tabs"), listed in `tabIds`. */
    scope: z.enum(['tab', 'window', 'tabs']),
    windowId: z.int(),
    tabIds: z.optional(z.array(z.int()).check(z.maxLength(500))),
    /** "Ask Cited Tabs about the selection": the selected words, the question's priority fragment. */
    selection: z.optional(z.object({ tabId: z.int(), text: z.string().check(z.maxLength(20_000)) })),
    /** Asked once access was allowed: the waiting question's id, which the worker may have asked already. */
    waitingId: z.optional(z.string().check(z.maxLength(100))),
  })
  .check(
    z.refine((m) => m.scope !== 'tabs' || (m.tabIds?.length ?? 0) > 0, { message: 'Choose at least one tab.', path: ['tabIds'] }),
  );
export type AskMessage = z.infer<typeof askMessage>;

/**
 * A question is being typed: the tabs its scope would read now, without asking for any access,
 * may be read ahead, so that Ask finds them read (lib/worker/read/read-ahead.ts). Nothing is sent
 * anywhere; a reading not used within a couple of minutes is dropped.
 */
export const readAheadMessage = z
  .object({
    type: z.literal('read-ahead'),
    scope: z.enum(['tab', 'window', 'tabs']),
    windowId: z.int(),
    tabIds: z.optional(z.array(z.int()).check(z.maxLength(500))),
  })
  .check(
    z.refine((m) => m.scope !== 'tabs' || (m.tabIds?.length ?? 0) > 0, { message: 'Choose at least one tab.', path: ['tabIds'] }),
  );
export type ReadAheadMessage = z.infer<typeof readAheadMessage>;

/** The moment of a video a quote of its captions was said at: the video's key and the cue's span. */
export const videoMomentSchema = z.object({
  key: z.string().check(z.maxLength(MAX_VIDEO_KEY_CHARS)),
  startMs: z.number().check(z.gte(0)),
  endMs: z.number().check(z.gte(0)),
});

export const revealMessage = z.object({
  type: z.literal('reveal'),
  citation: z.object({
    tabId: z.int(),
    windowId: z.int(),
    frameId: z.int(),
    url: z.string(),
    literal: z.string().check(z.minLength(1)),
    passageText: z.string(),
    passageOrder: z.int(),
    /** A quote of several spans ("A … B"): each is highlighted. */
    parts: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(MAX_QUOTE_PARTS))),
    /** A PDF's citation: its page, shown in the extension's PDF viewer. */
    page: z.optional(z.int().check(z.gte(1))),
    /** A quote of a video's captions: the video and the cue its words start in, which the click plays. */
    video: z.optional(videoMomentSchema),
  }),
  /** Open the cited URL in a new tab (with a text fragment), whatever the original tab shows. */
  openAsCited: z.optional(z.boolean()),
});
export type RevealMessage = z.infer<typeof revealMessage>;

/** Stops the question in flight. */
export const cancelMessage = z.object({ type: z.literal('cancel') });

/**
 * Asked by an open popup while a question is in flight: it wakes a worker the browser stopped,
 * whose start-up then reports the lost question instead of leaving a spinner.
 */
export const statusMessage = z.object({ type: z.literal('status') });

/** The user's answer to "Review before sending": send the fragments shown, or nothing. */
export const reviewMessage = z.object({ type: z.literal('review'), runId: z.string().check(z.minLength(1)), send: z.boolean() });

/** Escape in the side panel: the quotes highlighted in the tabs are cleared, as Escape in the page does. */
export const clearHighlightsMessage = z.object({ type: z.literal('clear-highlights') });

/**
 * The side panel, before it asks for a tab's site: whether the browser already lets the extension
 * read that tab (it gave us the tab: the context menu, the popup opened over it).
 */
export const canReadMessage = z.object({ type: z.literal('can-read'), tabId: z.int() });

/**
 * A screen, as it opens: which build the worker runs (lib/shared/core/build-id.ts), the screen's own
 * told. A worker of a build before this request does not answer it: that too is a mismatch.
 */
export const buildMessage = z.object({ type: z.literal('build'), screen: z.string().check(z.maxLength(100)) });

/** What the extension's own pages (popup, side panel, options) may ask of the worker, and its reply. */
export const workerCalls = {
  ask: { request: askMessage, reply: workerReplies.ask },
  cancel: { request: cancelMessage, reply: workerReplies.cancel },
  status: { request: statusMessage, reply: workerReplies.status },
  reveal: { request: revealMessage, reply: workerReplies.reveal },
  review: { request: reviewMessage, reply: workerReplies.review },
  'clear-highlights': { request: clearHighlightsMessage, reply: workerReplies['clear-highlights'] },
  'can-read': { request: canReadMessage, reply: workerReplies['can-read'] },
  'read-ahead': { request: readAheadMessage, reply: workerReplies['read-ahead'] },
  build: { request: buildMessage, reply: workerReplies.build },
};

/**
 * What the worker may ask of the scripts it injects into a page's frames, and its reply: the page
 * script reads (`extract`, `unchanged`, `shown`: entrypoints/page-reader.ts); the quote finder,
 * injected only to find cited quotes, answers the rest (entrypoints/quote-finder.ts).
 */
export const pageCalls = {
  extract: { ...pageRequests.extract, reply: pageTextSchema },
  unchanged: { ...pageRequests.unchanged, reply: z.object({ unchanged: z.boolean() }) },
  /** What the frame says of the passages about to be sent (types.ts). */
  shown: { ...pageRequests.shown, reply: shownReplySchema },
  highlight: { ...quoteRequests.highlight, reply: highlightOutcomeSchema },
  'clear-highlight': { ...quoteRequests['clear-highlight'], reply: ok },
  note: { ...quoteRequests.note, reply: ok },
  'style-sheet': { ...quoteRequests['style-sheet'], reply: z.object({ added: z.boolean() }) },
  'show-held': { ...quoteRequests['show-held'], reply: z.object({ ok: z.boolean() }) },
  painted: { ...quoteRequests.painted, reply: z.object({ ok: z.boolean(), screen: z.optional(screenBoxesSchema) }) },
  'frame-box': { ...quoteRequests['frame-box'], reply: frameBoxSchema },
  drawn: {
    ...quoteRequests.drawn,
    reply: z.object({ results: z.array(seenResultSchema).check(z.maxLength(MAX_SEEN_TARGETS)) }),
  },
};

/** The page script's part of `pageCalls`: what it answers. */
export type ReadingCalls = Pick<typeof pageCalls, keyof typeof pageRequests>;
/** The quote finder's part of `pageCalls`. */
export type QuoteCalls = Pick<typeof pageCalls, keyof typeof quoteRequests>;

/** What the worker may ask of the video reader it injects into a frame with a video, and its reply. */
export const videoCalls = {
  'video-read': {
    ...videoRequests['video-read'],
    reply: z.object({
      /** The document read (its `location.href`): the page's text must be of the same. */
      url: z.string().check(z.maxLength(MAX_URL_CHARS)),
      passages: z.array(passageSchema).check(z.maxLength(MAX_PASSAGES)),
      videos: z.array(videoReadSchema).check(z.maxLength(MAX_FRAME_VIDEOS)),
      chars: z.number().check(z.gte(0)),
    }),
  },
  'video-seek': {
    ...videoRequests['video-seek'],
    reply: z.union([
      z.object({ ok: z.literal(true), atMs: z.number() }),
      z.object({ ok: z.literal(false), reason: z.enum(['no-video', 'other-video', 'not-seekable', 'not-shown']) }),
    ]),
  },
  'video-seen': {
    ...videoRequests['video-seen'],
    reply: z.object({ results: z.array(seenResultSchema).check(z.maxLength(MAX_SEEN_TARGETS)) }),
  },
};

export type WorkerRequest = AnyRequest<typeof workerCalls>;
export type PageRequest = AnyRequest<typeof pageCalls>;

/** The reply checked against its request's reply schema; null when it is not of that shape. */
export function checkReply<C extends Calls, K extends keyof C & string>(calls: C, type: K, reply: unknown): ReplyOf<C, K> | null {
  return checked<C[K]['reply']>(calls[type]!.reply, reply);
}

/** Sends a request with `send` and checks the reply; a reply of the wrong shape is a ProtocolError. */
export async function sendChecked<C extends Calls, K extends keyof C & string>(
  calls: C,
  send: (request: unknown) => Promise<unknown>,
  request: RequestOf<C, K> & { type: K },
): Promise<ReplyOf<C, K>> {
  const reply = checkReply(calls, request.type, await send(request));
  if (reply === null) throw new ProtocolError(request.type);
  return reply;
}

/**
 * True only for the extension's own pages (popup, options). A content script's messages carry the
 * page's URL: it speaks for a page, and nothing a page does may make the extension ask or reveal.
 */
export function isFromExtensionPage(sender: { id?: string; url?: string }, runtimeId: string, extensionOrigin: string): boolean {
  return sender.id === runtimeId && sender.url !== undefined && sender.url.startsWith(extensionOrigin);
}
