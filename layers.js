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
    paths: [
      'components',
      'entrypoints/popup',
      'entrypoints/options',
      'entrypoints/sidepanel',
      'entrypoints/pdf-viewer',
      'entrypoints/welcome',
    ],
    // The PDF viewer draws its text layer and highlight with the page code.
    may: ['screen', 'shared', 'page'],
    why: 'A screen talks to the worker through messages.',
  },
  {
    name: 'content-entry',
    // The page script, the quote finder, and the video reader the worker injects into frames that have a video.
    paths: ['entrypoints/page-reader.ts', 'entrypoints/quote-finder.ts', 'entrypoints/video-reader.ts'],
    may: ['page', 'shared'],
    why: 'The content scripts never load worker or screen code.',
  },
  {
    name: 'worker-entry',
    paths: ['entrypoints/background.ts'],
    may: ['worker', 'shared'],
    why: 'The background loads worker and shared code only.',
  },
];

/**
 * @typedef {object} Stage
 * @property {string} name the folder of lib/worker/ (or lib/page/, lib/shared/) that holds the stage
 * @property {string[]} may the other stages it may import (a worker or page stage always may import shared code)
 * @property {string} why what the rule protects, as the linter says it
 */

/**
 * Inside the worker, a folder per stage of a question, in the order a question meets them; each
 * may import only the stages it builds on, so the stages read from the bottom up and `run/`, the
 * coordinator, is the one place where they meet. Each folder's README.md says the same in words.
 * @type {Stage[]}
 */
export const WORKER_STAGES = [
  { name: 'read', may: [], why: 'Reading tabs knows nothing of ranking, the model or the run.' },
  { name: 'rank', may: [], why: 'Ranking is pure text work: it imports no other stage.' },
  { name: 'pdf', may: ['read'], why: 'PDF tabs are read as tabs are: the PDF stage builds on read/ only.' },
  { name: 'prompt', may: ['rank'], why: 'The prompt uses the budget and keys of rank/, nothing later.' },
  { name: 'model', may: ['prompt'], why: 'The model transport sends prompts; it knows no answer, verification or run.' },
  {
    name: 'answer',
    may: ['prompt', 'model'],
    why: 'The answer pipeline calls the model it is given; it never reads tabs or the run.',
  },
  {
    name: 'reveal',
    may: ['read', 'pdf'],
    why: 'Revealing a citation reaches tabs and the PDF viewer, not the question pipeline.',
  },
  { name: 'run', may: ['read', 'rank', 'pdf', 'prompt', 'model', 'answer', 'reveal'], why: 'run/ coordinates the stages.' },
  { name: 'wiring', may: [], why: 'The toolbar, menu, storage and history wiring stands apart from the question.' },
];

/**
 * Inside the page code, a folder per stage of what a page script does with a page: the measures of
 * what a reader sees (`seen/`), the reading and the check before sending (`read/`), and finding,
 * proving and highlighting a cited quote (`find/`), each built on the ones before it; the DOM's own
 * members under them all (`dom/`); the PDF viewer's text layer and the videos' captions beside them.
 * Each folder's README.md says the same in words.
 * @type {Stage[]}
 */
export const PAGE_STAGES = [
  {
    name: 'dom',
    may: [],
    why: 'The DOM’s own members and the flat tree sit under every stage: they import none.',
  },
  { name: 'seen', may: ['dom'], why: 'What a reader sees is measured alone: seen/ never imports the reading or the finding.' },
  { name: 'read', may: ['dom', 'seen'], why: 'The reading walk and its check build on seen/ only, never on finding a quote.' },
  { name: 'find', may: ['dom', 'seen', 'read'], why: 'Finding a quote builds on the reading and the measures of what is seen.' },
  { name: 'pdf', may: ['dom', 'read', 'find'], why: 'The PDF viewer’s text layer is read and highlighted as a page is.' },
  {
    name: 'video',
    may: ['dom', 'seen'],
    why: 'The video reader judges a player as a frame is judged: it builds on seen/, not on the page’s reading.',
  },
];

/**
 * Inside the shared code, a folder per topic: `core/` (limits, words, the build's id) under them all;
 * the page's words as cut and named (`text/`) and a video's captions and moments (`video/`); the
 * messages between contexts (`protocol/`) and the one table of what a reader sees (`seen/`); what a
 * run produces (`answer/`); the model servers (`servers/`); what is kept (`store/`); and which tabs
 * and sites may be read (`access/`), each built on the ones before it. Each folder's README.md says
 * the same in words.
 * @type {Stage[]}
 */
export const SHARED_TOPICS = [
  { name: 'core', may: [], why: 'core/ sits under every shared topic: it imports none.' },
  { name: 'text', may: ['core'], why: 'Cutting and naming words is pure text work: text/ builds on core/ only.' },
  {
    name: 'video',
    may: ['core', 'text'],
    why: 'Captions are cut into passages as text is: video/ builds on text/, nothing later.',
  },
  {
    name: 'protocol',
    may: ['core', 'video'],
    why: 'The messages between contexts are shapes and limits: they never load what a run produces or what is kept.',
  },
  {
    name: 'seen',
    may: ['core', 'protocol'],
    why: 'The table of what a reader sees judges what a page measured: it knows no run or store.',
  },
  {
    name: 'answer',
    may: ['core', 'text', 'video', 'protocol'],
    why: 'What a run produces is built of messages and passages; it never loads storage, servers or access.',
  },
  { name: 'servers', may: ['core'], why: 'The model servers are reached by address alone: servers/ builds on core/ only.' },
  {
    name: 'store',
    may: ['core', 'text', 'video', 'protocol', 'answer', 'servers'],
    why: 'What is kept stores runs, settings and keys; it never asks which tabs or sites may be read.',
  },
  {
    name: 'access',
    may: ['core', 'answer', 'servers', 'store'],
    why: 'Which tabs and sites may be read builds on what is kept and on the scope a question asks about.',
  },
];

/**
 * The stage of `file` among `stages`, by its folder under `root`, or undefined.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @param {string} root the staged folder, such as lib/worker
 * @param {Stage[]} stages its stages
 * @returns {Stage | undefined}
 */
function stageIn(file, root, stages) {
  return stages.find((stage) => file.startsWith(`${root}/${stage.name}/`));
}

/**
 * The worker stage of a project file, by its folder under lib/worker/, or undefined.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @returns {Stage | undefined}
 */
export function stageOf(file) {
  return stageIn(file, 'lib/worker', WORKER_STAGES);
}

/**
 * The page stage of a project file, by its folder under lib/page/, or undefined.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @returns {Stage | undefined}
 */
export function pageStageOf(file) {
  return stageIn(file, 'lib/page', PAGE_STAGES);
}

/**
 * The shared topic of a project file, by its folder under lib/shared/, or undefined.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @returns {Stage | undefined}
 */
export function sharedTopicOf(file) {
  return stageIn(file, 'lib/shared', SHARED_TOPICS);
}

/**
 * The layer a project file belongs to, by where it sits, or undefined outside the layers.
 * @param {string} file a path relative to the project's root, with forward slashes
 * @returns {Layer | undefined}
 */
export function layerOf(file) {
  return LAYERS.find((layer) => layer.paths.some((p) => file === p || file.startsWith(`${p}/`)));
}

/**
 * One stage table as zones: each stage's folder under `root` may not import the stages it is not allowed.
 * @param {string} root the staged folder, such as lib/worker
 * @param {Stage[]} stages its stages
 * @returns {{ target: string[]; from: string[]; message: string }[]}
 */
function stageZones(root, stages) {
  return stages.map((stage) => ({
    target: [`./${root}/${stage.name}`],
    from: stages.filter((other) => other !== stage && !stage.may.includes(other.name)).map((other) => `./${root}/${other.name}`),
    message: stage.why,
  }));
}

/**
 * The tables as `import-x/no-restricted-paths` zones: each layer's paths may not import from the
 * paths of any layer it is not allowed, and (unless `stages` is false) each worker or page stage and
 * each shared topic not from the stages (or topics) it is not.
 * @param {{ stages?: boolean }} [options]
 * @returns {{ target: string[]; from: string[]; message: string }[]}
 */
export function importZones({ stages: withStages = true } = {}) {
  const layers = LAYERS.map((layer) => ({
    target: layer.paths.map((p) => `./${p}`),
    from: LAYERS.filter((other) => !layer.may.includes(other.name)).flatMap((other) => other.paths.map((p) => `./${p}`)),
    message: layer.why,
  }));
  const stages = [
    ...stageZones('lib/worker', WORKER_STAGES),
    ...stageZones('lib/page', PAGE_STAGES),
    ...stageZones('lib/shared', SHARED_TOPICS),
  ];
  return withStages ? [...layers, ...stages] : layers;
}
