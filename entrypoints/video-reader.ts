/**
 * The video reader, injected by the worker only into a frame whose page script saw a video or a
 * YouTube watch page (lib/page/video/detect.ts): it reads the frame's videos as their captions,
 * plays a cited moment, and says whether a cited video's player is one a reader sees. Apart from
 * the page script, which every tab a question reads loads, so that those tabs carry none of it.
 * Answers only the extension's requests.
 */
import * as z from 'zod/mini';
import { dispatch, type Handlers } from '@/lib/shared/protocol/dispatch';
import type { videoCalls } from '@/lib/shared/protocol/messages';
import { videoRequests } from '@/lib/shared/protocol/video-requests';
import { readFrameVideos } from '@/lib/page/video/read-videos';
import { seekToQuote } from '@/lib/page/video/seek';
import { provePlayers } from '@/lib/page/video/prove-players';

declare global {
  interface Window {
    __citedTabsVideo?: boolean;
  }
}

export default defineUnlistedScript(() => {
  // The worker injects before every request: listen once per page.
  if (window.__citedTabsVideo) return;
  window.__citedTabsVideo = true;
  z.config({ jitless: true });
  const handlers: Handlers<typeof videoCalls> = {
    'video-read': async ({ firstOrder }) => readFrameVideos(document, firstOrder),
    'video-seek': async ({ key, startMs, endMs, words }) => seekToQuote(document, key, startMs, endMs, words),
    'video-seen': async ({ keys }) => ({ results: provePlayers(document, keys) }),
  };
  browser.runtime.onMessage.addListener((raw, sender) => {
    if (sender.id !== browser.runtime.id) return;
    return dispatch<typeof videoCalls>(videoRequests, handlers, raw);
  });
});
