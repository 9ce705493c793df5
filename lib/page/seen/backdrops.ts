/**
 * What is painted behind the content of each box around the words the check walks through: an
 * opaque colour, a picture over a colour (lib/page/seen/picture-layers.ts), or not known. Read from
 * each box's own background (its colour and its `background-image`) over what is behind the box,
 * once per box and only once words inside it are asked (lib/page/seen/visibility.ts keeps one per box
 * on its stack). Pure functions of computed values, tested without a browser.
 */
import { over, parseColor, TRANSPARENT, type Rgba } from './paint';
import { pictureBehind, pictureLayers, type PictureBehind, type PictureLayer } from './picture-layers';

/** Behind a box's content: an opaque colour, a picture over a colour, or null (not known). */
export type Backdrop = Rgba | PictureBehind | null;

/** The computed values of a box's background that say what it paints. */
export type BackgroundStyle = Pick<
  CSSStyleDeclaration,
  'backgroundColor' | 'backgroundImage' | 'backgroundRepeat' | 'backgroundSize' | 'backgroundClip' | 'backgroundBlendMode'
>;

/** Whether `b` is a picture (not a colour). */
export function isPicture(b: Backdrop): b is PictureBehind {
  return b !== null && 'layers' in b;
}

/**
 * What is behind the content of a box of background `style`, painted over `below` (what is behind
 * the box, asked only when it shows through). `colourOf` reads a computed colour (null: not read).
 */
export function backdropOf(style: BackgroundStyle, below: () => Backdrop, colourOf: (value: string) => Rgba | null): Backdrop {
  const image = style.backgroundImage;
  // A background clipped to the text paints the glyphs, not what is behind them.
  const clippedToText = style.backgroundClip === 'text';
  const hasImage = !clippedToText && image !== 'none' && image !== '';
  // Most boxes paint no background: told apart without parsing.
  if (!hasImage && (style.backgroundColor === TRANSPARENT || clippedToText)) return below();
  const own = parseColor(style.backgroundColor) ?? colourOf(style.backgroundColor);
  if (own === null) return null;
  const layers: PictureLayer[] = [];
  if (hasImage) {
    // A layer not read, or layers blended (`background-blend-mode`) rather than painted over each
    // other: the picture is one whose colours are not known, and words over it are unproven.
    const read = pictureLayers(image, style.backgroundRepeat, style.backgroundSize);
    const blended = (style.backgroundBlendMode ?? 'normal').split(',').some((m) => m.trim() !== 'normal' && m.trim() !== '');
    if (read === null || blended) layers.push({ kind: 'unknown' });
    else layers.push(...read);
  }
  if (own.a >= 1) return layers.length === 0 ? own : pictureBehind(layers, own);
  const under = below();
  if (under === null) return layers.length === 0 ? null : pictureBehind(layers, null);
  if (isPicture(under)) {
    const mine: PictureLayer[] = own.a > 0 ? [...layers, { kind: 'colour', colour: own }] : layers;
    return pictureBehind([...mine, ...under.layers], under.base);
  }
  const base = own.a > 0 ? over(own, under) : under;
  return layers.length === 0 ? base : pictureBehind(layers, base);
}
