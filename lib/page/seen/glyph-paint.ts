/**
 * Whether words stand out from what is painted behind them, for the walk (visibility.ts
 * `textVerdict`) once it knows they are drawn: their fill colour and size alone (a transparent
 * fill may be painted otherwise: a stroke, a shadow, a background clipped to the text), then
 * against the backgrounds of the boxes around them (white on white), a picture behind them by its
 * pixels, and a box's own first line. A page uses a few colours and sizes: what each measures to
 * is kept here for the whole walk, apart from the walk's per-box records (box-record.ts), which
 * keep what is asked once per box. Pure DOM code.
 */
import { canvasColour, paintAgainstBackground, paintedOtherwise, PaintedBoxes, strokeOverMeasured } from './behind';
import { isPicture } from './backdrops';
import { backdropAt, type BoxRecord } from './box-record';
import { readableColour } from './colour';
import { paintMeasured, securityShows, type Rgba } from './paint';
import type { PictureBehind } from './picture-layers';
import type { Pictures } from './pictures';
import { ASK, isSeen } from './walk-rows';
import type { Measured } from '@/lib/shared/seen/measured';

/**
 * What the paint of words says: seen (by their fill, or by a stroke or a shadow where the fill is
 * transparent), or not seen.
 */
export type PaintVerdict = 'seen' | 'unseen';

export class GlyphPaint {
  /** What each colour and size measure to with no background (`paintMeasured`), and each colour over each background. */
  private readonly paints = new Map<string, Measured>();
  private readonly matches = new Map<Rgba, Map<string, Measured>>();
  private canvas: Rgba | null | undefined;
  /** What may be painted behind words out of view, found once per walk (`paintAgainstBackground`). */
  private painted: PaintedBoxes | null = null;

  /**
   * `pictures`: where pictures behind words are settled by their pixels (null: words over one are
   * judged against the colour under it); `glyphs`: the walk measures each text node's glyphs.
   */
  constructor(
    private readonly doc: Document,
    private readonly view: Window,
    private readonly pictures: Pictures | null,
    private readonly glyphs: boolean,
  ) {}

  /**
   * Whether the words of computed style `style`, whose parent in the flat tree is `owner` (null:
   * drawn in the innermost box's), stand out from what is painted behind them in `boxes` (the
   * boxes around them, outermost first; `isBox`: `owner` is the innermost).
   */
  verdict(boxes: readonly BoxRecord[], owner: Element | null, isBox: boolean, style: CSSStyleDeclaration): PaintVerdict {
    // What fills the glyphs is their colour: -webkit-text-fill-color where it is set.
    // Glyphs drawn as discs or squares (`-webkit-text-security`, a password's look) show no word.
    if (this.glyphs && !securityShows(textSecurity(style))) return 'unseen';
    const raw = glyphColour(style);
    const fontSize = style.fontSize;
    // A page uses a few colours and sizes: each pair is measured once per walk.
    const paint = `${raw} ${fontSize}`;
    let looks = this.paints.get(paint);
    if (looks === undefined) {
      looks = paintMeasured({ color: readableColour(raw), fontSize, background: null });
      this.paints.set(paint, looks);
    }
    const top = boxes.length - 1;
    const painter = owner ?? boxes[top]?.el ?? null;
    const alone = ASK.paint(looks);
    if (alone.seen !== 'seen') {
      // Transparent glyphs may be painted otherwise (a stroke, a shadow, a background clipped to the text): asked only then.
      if (alone.why !== 'transparent' || painter === null) return 'unseen';
      // Against the colour behind them where it is one (a white shadow on white paints nothing a
      // reader sees); over a picture, by the paint alone.
      const backdrop = backdropAt(boxes, top, () => this.canvasColour());
      const behind = isPicture(backdrop) ? null : backdrop;
      const otherwise = isSeen(ASK.paint({ ...looks, paintedOtherwise: paintedOtherwise(painter, style, this.view, behind) }));
      return otherwise ? 'seen' : 'unseen';
    }
    // The colour of what is behind them (white on white): the background colours of the boxes
    // around them, read once per box; only words that match them are asked more, once per box
    // and paint (the links of a menu over a picture are all asked as one; a shadow or a stroke
    // that makes one of them seen does not vouch for the others).
    const backdrop = backdropAt(boxes, top, () => this.canvasColour());
    if (isPicture(backdrop) && this.pictures !== null) return this.standsOutFrom(backdrop, owner, isBox, raw, fontSize);
    const background = isPicture(backdrop) ? backdrop.base : backdrop;
    if (painter === null || background === null) return 'seen';
    // A box's first line may be painted in a colour of its own (`::first-line`): where glyphs are
    // measured, it is judged against the same background (its words are left out when it is not seen).
    if (isBox && this.glyphs && !this.firstLineShows(owner!, raw, background)) return 'unseen';
    if (isSeen(ASK.paint(this.over(background, paint, raw, fontSize)))) {
      // (A stroke over the fill is asked where glyphs are measured, the check: not of a reading.)
      return !this.glyphs || this.strokeSpares(style, background) ? 'seen' : 'unseen';
    }
    return this.lostShows(boxes[top], painter, style, paint) ? 'seen' : 'unseen';
  }

  /**
   * Whether a stroke drawn over the words' fill (`-webkit-text-stroke`) leaves it to be read: a
   * wide one in a colour that does not stand out from `background` eats their letters.
   */
  private strokeSpares(style: CSSStyleDeclaration, background: Rgba): boolean {
    return isSeen(ASK.strokeOver(strokeOverMeasured(style, background)));
  }

  /** What words painted `raw` at `fontSize` (`paint`) measure to over `background`, once per walk. */
  private over(background: Rgba, paint: string, raw: string, fontSize: string): Measured {
    let matches = this.matches.get(background);
    if (matches === undefined) this.matches.set(background, (matches = new Map()));
    let over = matches.get(paint);
    if (over === undefined) matches.set(paint, (over = paintMeasured({ color: readableColour(raw), fontSize, background })));
    return over;
  }

  /**
   * Words whose colour matches their background (`paint`): whether something else painted with or
   * behind them makes them seen, asked once per box and look of the glyphs (`box`: the innermost
   * box, which keeps the answer; none: asked each time).
   */
  private lostShows(box: BoxRecord | undefined, painter: Element, style: CSSStyleDeclaration, paint: string): boolean {
    const glyphs = `${paint} ${style.textShadow} ${style.getPropertyValue('-webkit-text-stroke-width')} ${style.getPropertyValue('-webkit-text-fill-color')}`;
    let shows = box?.lost?.get(glyphs);
    if (shows === undefined) {
      shows = isSeen(
        ASK.paint(
          paintAgainstBackground(painter, style, this.view, (this.painted ??= new PaintedBoxes(this.view)), this.pictures),
        ),
      );
      if (box !== undefined) (box.lost ??= new Map()).set(glyphs, shows);
    }
    return shows;
  }

  /**
   * Whether words painted `raw` at `fontSize` (and a box's first line, in its own colour) stand
   * out from every colour of the picture behind them, by its pixels (lib/page/seen/pictures.ts): a
   * picture not read yet leaves them unseen until the check reads it and walks again.
   */
  private standsOutFrom(
    picture: PictureBehind,
    owner: Element | null,
    isBox: boolean,
    raw: string,
    fontSize: string,
  ): PaintVerdict {
    const judge = (colour: string, size: string) => this.pictures?.judge(picture, readableColour(colour), size) === 'seen';
    if (!judge(raw, fontSize)) return 'unseen';
    if (isBox && this.glyphs) {
      const first = this.view.getComputedStyle(owner!, '::first-line');
      const colour = glyphColour(first);
      if (colour !== raw && colour !== '' && colour !== undefined && !judge(colour, first.fontSize)) return 'unseen';
    }
    return 'seen';
  }

  /** Whether the first line of the box `box`, whose words are painted `raw`, is seen over `background`. */
  private firstLineShows(box: Element, raw: string, background: Rgba): boolean {
    const first = this.view.getComputedStyle(box, '::first-line');
    const colour = glyphColour(first);
    if (colour === raw || colour === '' || colour === undefined) return true;
    return isSeen(ASK.paint(paintMeasured({ color: readableColour(colour), fontSize: first.fontSize, background })));
  }

  /** What the browser paints behind the root (`canvasColour`), asked once per walk. */
  private canvasColour(): Rgba | null {
    if (this.canvas === undefined) this.canvas = canvasColour(this.doc, this.view);
    return this.canvas;
  }
}

/**
 * The computed `-webkit-text-fill-color`, read through the style's own property where the browser
 * names it (a named read costs less than `getPropertyValue`); '' where it has none.
 */
function textFill(style: CSSStyleDeclaration): string {
  return (
    (style as CSSStyleDeclaration & { webkitTextFillColor?: string }).webkitTextFillColor ??
    style.getPropertyValue('-webkit-text-fill-color')
  );
}

/** What fills glyphs of computed style `style`: `-webkit-text-fill-color` where it is set, else the colour. */
function glyphColour(style: CSSStyleDeclaration): string {
  const fill = textFill(style);
  return fill !== '' ? fill : style.color;
}

/** The computed `-webkit-text-security` ('none' where the browser has no such property). */
function textSecurity(style: CSSStyleDeclaration): string {
  return (style as CSSStyleDeclaration & { webkitTextSecurity?: string }).webkitTextSecurity || 'none';
}
