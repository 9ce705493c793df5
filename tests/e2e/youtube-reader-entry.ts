/**
 * Bundled into the YouTube fixture pages by youtube-reader.test.ts: the reader the content script
 * runs, called as the page's video reading calls it.
 */
export { readYouTubeTranscript } from '@/lib/page/video/youtube/read';
