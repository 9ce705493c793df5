/**
 * The table's rows of how the words' glyphs are painted (lib/shared/seen/rules.ts spreads them in
 * their place, read top to bottom with the others): a fill of a colour a reader cannot see, or of
 * the colour of what is behind, unless painted otherwise; and what paints them otherwise (a
 * stroke, a shadow, a background clipped to the text), asked of each way by the measure
 * (lib/page/seen/behind.ts `paintedOtherwise`); a picture behind them not read
 * (lib/page/seen/pictures.ts). Apart only to keep the table's file short. And the rule of what
 * is behind them that is no row (`oneColour`: a gradient painting one colour). Pure.
 */
import {
  MAX_SHADOW_BLUR_PX,
  MAX_SHADOW_OFFSET_PX,
  MIN_ALPHA,
  MIN_COLOUR_DISTANCE,
  MIN_CONTRAST,
  MIN_STROKE_PX,
  PICTURE_WAIT_MS,
} from './thresholds';
import type { GradientStops, SeenRule } from './measured';

/** The rows of paint, in the table's order. */
export const PAINT_RULES: readonly SeenRule[] = [
  {
    why: 'transparent',
    seen: 'unseen',
    reads: ['alpha'],
    when: (m) => typeof m.alpha === 'number' && m.alpha < MIN_ALPHA && m.paintedOtherwise !== true,
    says: `Their colour (-webkit-text-fill-color where set) has an alpha below ${MIN_ALPHA}, and nothing else paints the glyphs.`,
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    reads: ['contrast'],
    when: (m) =>
      typeof m.contrast === 'number' &&
      m.contrast < MIN_CONTRAST &&
      !((m.distance ?? 0) >= MIN_COLOUR_DISTANCE) &&
      m.paintedOtherwise !== true &&
      m.otherPaint !== true,
    says:
      `Their colour stands out from what is behind them by a contrast below ${MIN_CONTRAST} and a hue less than ` +
      `${MIN_COLOUR_DISTANCE} apart (RGB distance), and nothing else sets them apart.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['pictureColours'],
    when: (m) => m.pictureColours === null || m.pictureColours === 0,
    says:
      `A picture behind them was not read within ${PICTURE_WAIT_MS} ms, may not be read (another site's, without CORS), ` +
      'holds too many layers to settle, or shows no colour: nothing says they stand out from it.',
  },
  {
    why: 'transparent',
    seen: 'unseen',
    reads: ['glyphPaint'],
    when: (m) => m.glyphPaint !== undefined && (m.glyphPaint.alpha === null || (m.glyphPaint.alpha ?? 1) < MIN_ALPHA),
    says:
      'What would paint their glyphs besides their fill (a stroke, a shadow, a background clipped to the text) ' +
      `is of a colour not read, or of an alpha below ${MIN_ALPHA}.`,
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    reads: ['glyphPaint'],
    when: (m) => m.glyphPaint?.contrast !== undefined && !(m.glyphPaint.contrast >= MIN_CONTRAST),
    says: `What would paint their glyphs besides their fill stands out from what is behind them by a contrast below ${MIN_CONTRAST}.`,
  },
  {
    why: 'transparent',
    seen: 'unseen',
    reads: ['glyphPaint'],
    when: (m) => m.glyphPaint?.strokePx !== undefined && !(m.glyphPaint.strokePx >= MIN_STROKE_PX),
    says: `A stroke around their glyphs thinner than ${MIN_STROKE_PX}px paints nothing a reader reads.`,
  },
  {
    why: 'transparent',
    seen: 'unseen',
    reads: ['glyphPaint'],
    when: (m) => {
      const shadow = m.glyphPaint?.shadow;
      return (
        shadow !== undefined &&
        !(
          Math.abs(shadow.x) <= MAX_SHADOW_OFFSET_PX &&
          Math.abs(shadow.y) <= MAX_SHADOW_OFFSET_PX &&
          shadow.blur <= MAX_SHADOW_BLUR_PX
        )
      );
    },
    says: `A shadow of their glyphs blurred more than ${MAX_SHADOW_BLUR_PX}px, or thrown more than ${MAX_SHADOW_OFFSET_PX}px either way, draws no glyph a reader reads.`,
  },
];

/**
 * Whether a background's gradients paint one colour, by what was measured of their stops
 * (lib/page/seen/behind.ts `gradientStops`; null: not gradients alone, or a colour not read):
 * every stop opaque, none standing out from the first by `MIN_CONTRAST`. Then that colour is what
 * is behind the words; otherwise what is behind is not known (no contrast is measured). No row:
 * it says what lies behind, not whether the words are seen.
 */
export function oneColour(stops: GradientStops | null): boolean {
  return stops !== null && stops.leastAlpha >= 1 && stops.largestContrast < MIN_CONTRAST;
}

/**
 * Whether paint of alpha `alpha` (its colour's alpha times the opacity it is drawn with) hides
 * words under it: they show through at 1 − alpha, and words drawn at an alpha below `MIN_ALPHA`
 * are not seen (the row `transparent`). A lid of white at 0.95 hides as one at 1 does.
 */
export function hidesUnder(alpha: number): boolean {
  return alpha > 1 - MIN_ALPHA;
}
