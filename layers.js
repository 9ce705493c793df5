// The runtime layers, in one table: where each line of the extension runs and what it may import.
// eslint.config.js turns it into import zones; tests/unit/layers.test.ts reads every import and
// checks it against the same table, so the two checks cannot drift apart. Plain JavaScript,
// because ESLint loads its config without TypeScript.

/**
 * @typedef {object} Layer
 * @property {string} name the runtime context
 * @property {string[]} paths folders (or single files) of the tree that run there
 * @property {string[]} may the layers it may import, besides packages
 * @property {string} why what the rule protects, as the linter says it
 */

/** @type {Layer[]} */
export const LAYERS = [
  {
    name: 'page',
    paths: ['lib/page'],
    may: ['page', 'shared'],
    why: 'Page code runs in web pages: it never loads worker or screen code.',
  },
  {
    name: 'worker',
    paths: ['lib/worker'],
    may: ['worker', 'shared'],
    why: 'Worker code runs in the service worker: it never loads page or screen code.',
  },
  {
    name: 'offscreen',
    // Chrome's offscreen document (an iframe of Firefox's background page): pdf.js reads PDFs here,
    // asked by the worker through messages (lib/worker/pdf/offscreen-client.ts).
    paths: ['lib/offscreen', 'entrypoints/offscreen'],
    may: ['offscreen', 'shared'],
    why: 'The offscreen document reads PDFs: it never loads worker, page or screen code; the worker asks it by message.',
  },
  {
    name: 'shared',
    paths: ['lib/shared'],
    may: ['shared'],
    why: 'Shared code imports only shared code.',
  },
  {
    name: 'screen',
    paths: ['components', 'entrypoints/popup', 'entrypoints/options', 'entrypoints/sidepanel', 'entrypoints/pdf-viewer'],
    // The PDF viewer draws its text layer and highlight with the page code.
    may: ['screen', 'shared', 'page'],
    why: 'A screen talks to the worker through messages.',
  },
  {
    name: 'content-entry',
    paths: ['entrypoints/page.content.ts'],
    may: ['page', 'shared'],
    why: 'The content script never loads worker or screen code.',
  },
  {
    name: 'worker-entry',
    paths: ['entrypoints/background.ts'],
    may: ['worker', 'shared'],
    why: 'The background loads worker and shared code only.',
  },
];

/**
 * The layer a project file belongs to, by where it sits, or undefined outside the layers.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @returns {Layer | undefined}
 */
export function layerOf(file) {
  return LAYERS.find((layer) => layer.paths.some((p) => file === p || file.startsWith(`${p}/`)));
}

/**
 * The table as `import-x/no-restricted-paths` zones: each layer's paths may not import from the
 * paths of any layer it is not allowed.
 * @returns {{ target: string[]; from: string[]; message: string }[]}
 */
export function importZones() {
  return LAYERS.map((layer) => ({
    target: layer.paths.map((p) => `./${p}`),
    from: LAYERS.filter((other) => !layer.may.includes(other.name)).flatMap((other) => other.paths.map((p) => `./${p}`)),
    message: layer.why,
  }));
}
