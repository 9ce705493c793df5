/**
 * Which YouTube video an address shows: apart from the rest of the video code because the page
 * script, which every tab a question reads loads, asks it of every frame (lib/page/video/detect.ts).
 */

/** True for YouTube's watch, Shorts and short-link addresses. */
export function isYouTubeUrl(url: URL): boolean {
  return /^(www\.|m\.)?youtube\.com$/.test(url.hostname) || url.hostname === 'youtu.be';
}

/**
 * The id of the video a YouTube address shows (`/watch?v=`, `/shorts/<id>`, `youtu.be/<id>`),
 * or null. Read from the address at the time of asking: YouTube changes video without a reload.
 */
export function youTubeVideoId(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!isYouTubeUrl(url)) return null;
  const id =
    url.hostname === 'youtu.be'
      ? url.pathname.slice(1).split('/')[0]
      : url.pathname === '/watch'
        ? url.searchParams.get('v')
        : /^\/shorts\/([^/]+)/.exec(url.pathname)?.[1];
  return id && /^[\w-]{6,20}$/.test(id) ? id : null;
}

/** The key of a YouTube video's transcript: a transcript is never reused for another id. */
export const youTubeKey = (id: string): string => `youtube:${id}`;
