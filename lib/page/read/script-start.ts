/**
 * The moment the page script's bundle began to run in this frame, for the reading's timings
 * (lib/shared/protocol/read-timing.ts). Imported first by entrypoints/page-reader.ts and importing
 * nothing, so that it runs before the rest of the bundle's modules.
 */
export const scriptStarted = Date.now();
