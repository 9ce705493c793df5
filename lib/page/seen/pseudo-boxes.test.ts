/**
 * What a pseudo-element paints, and where a transform moves it, from computed values alone
 * (pseudo-boxes.ts); where such boxes lie in a real page is asked in Chromium and Firefox by the
 * planted tricks of tests/fixtures/unseen.html (margin-, moved-, raised-, border-, shadow-,
 * fixed- and dim-pseudo).
 */
import { describe, expect, it } from 'vitest';
import { paintOf, transformed } from './pseudo-boxes';

/** A computed style of a pseudo-element that paints nothing, with `over` set (camelCase or kebab-case). */
function style(over: Record<string, string> = {}): CSSStyleDeclaration {
  const values: Record<string, string> = {
    backgroundColor: 'rgba(0, 0, 0, 0)',
    backgroundImage: 'none',
    boxShadow: 'none',
    outlineStyle: 'none',
    outlineWidth: '0px',
    outlineColor: 'rgb(0, 0, 0)',
    outlineOffset: '0px',
    transform: 'none',
    transformOrigin: '0px 0px',
    translate: 'none',
    rotate: 'none',
    scale: 'none',
    ...over,
  };
  const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return {
    ...values,
    getPropertyValue: (name: string) => values[camel(name)] ?? values[name] ?? '',
  } as unknown as CSSStyleDeclaration;
}

const BOX = { left: 0, top: 0, right: 100, bottom: 20 };

describe('what a pseudo-element paints', () => {
  it('paints all of its box with a background opaque enough to hide the words, its opacity counted', () => {
    expect(paintOf(style({ backgroundColor: 'rgb(255, 255, 255)' }), BOX, 1)).toEqual([BOX]);
    expect(paintOf(style({ backgroundColor: 'rgba(255, 255, 255, 0.95)' }), BOX, 1)).toEqual([BOX]);
    // Drawn at 0.5, or a colour at 0.8: the words show through.
    expect(paintOf(style({ backgroundColor: 'rgb(255, 255, 255)' }), BOX, 0.5)).toEqual([]);
    expect(paintOf(style({ backgroundColor: 'rgba(255, 255, 255, 0.8)' }), BOX, 1)).toEqual([]);
    expect(paintOf(style({ backgroundImage: 'url("lid.png")' }), BOX, 1)).toEqual([BOX]);
    expect(paintOf(style(), BOX, 1)).toEqual([]);
  });

  it('paints the ring of its opaque borders, with the hole they leave', () => {
    const sides = (top: string, right: string) =>
      style({
        'border-top-style': 'solid',
        'border-top-color': 'rgb(255, 255, 255)',
        'border-top-width': top,
        'border-right-style': 'solid',
        'border-right-color': 'rgb(255, 255, 255)',
        'border-right-width': right,
      });
    // A box of no size drawn all in borders (the border-pseudo trick): no hole.
    expect(paintOf(sides('20px', '100px'), BOX, 1)).toEqual([BOX]);
    expect(paintOf(sides('2px', '2px'), BOX, 1)).toEqual([{ ...BOX, hole: { left: 0, top: 2, right: 98, bottom: 20 } }]);
  });

  it('paints the ring of an opaque shadow around its box, and its outline', () => {
    const [ring] = paintOf(style({ boxShadow: 'rgb(255, 255, 255) 0px 0px 0px 50px' }), BOX, 1);
    expect(ring).toEqual({ left: -50, top: -50, right: 150, bottom: 70, hole: BOX });
    expect(paintOf(style({ boxShadow: 'rgba(255, 255, 255, 0.5) 0px 0px 0px 50px' }), BOX, 1)).toEqual([]);
    const outline = style({ outlineStyle: 'solid', outlineWidth: '10px', outlineColor: 'rgb(255, 255, 255)' });
    expect(paintOf(outline, BOX, 1)).toEqual([{ left: -10, top: -10, right: 110, bottom: 30, hole: BOX }]);
  });
});

describe('where a transform moves a pseudo-element', () => {
  it('moves it by a translation, in pixels or in its own size', () => {
    expect(transformed(style({ translate: '0px 300%' }), BOX)).toEqual({ left: 0, top: 60, right: 100, bottom: 80 });
    expect(transformed(style({ transform: 'matrix(1, 0, 0, 1, 10, 60)' }), BOX)).toEqual({
      left: 10,
      top: 60,
      right: 110,
      bottom: 80,
    });
  });

  it('takes the box around the moved corners of a rotation, about its origin', () => {
    const turned = transformed(style({ transform: 'matrix(0, 1, -1, 0, 0, 0)', transformOrigin: '50px 10px' }), BOX);
    expect(turned).toEqual({ left: 40, top: -40, right: 60, bottom: 60 });
  });

  it('does not know where a rotate or scale property, or a value not read, moves it', () => {
    expect(transformed(style({ rotate: '45deg' }), BOX)).toBe('unknown');
    expect(transformed(style({ scale: '3' }), BOX)).toBe('unknown');
    expect(transformed(style({ translate: 'calc(10px + 1em)' }), BOX)).toBe('unknown');
    expect(transformed(style({ transform: 'perspective(10px)' }), BOX)).toBe('unknown');
  });
});
