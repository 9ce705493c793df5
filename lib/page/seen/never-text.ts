/**
 * The elements whose content the text walk (lib/page/read/text-walker.ts) never enters: what they
 * hold is never page text a reader sees (scripts, styles, the head, replaced elements, form
 * controls, embedded frames). A list of names asked before any style, kept apart from the rules
 * on styles (visibility.ts) because it needs none of them. Pure code.
 */

/** Elements whose content is never visible page text. */
export const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'canvas',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'video',
  'audio',
  'picture',
  'img',
  'input',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'param',
  'source',
  'track',
  'map',
  'area',
]);
