import { describe, expect, it } from 'vitest';
import { insetFill, shadowReach } from './covered-boxes';

describe('box shadows that cover', () => {
  it('measures how far an opaque spread shadow paints on every side, and whether an inset one fills the box', () => {
    expect(shadowReach('rgb(255, 255, 255) 0px 0px 0px 2000px')).toBe(2000);
    expect(shadowReach('rgb(255, 255, 255) 10px 0px 0px 300px')).toBe(290);
    // Not opaque (a modal's dimmed backdrop), blurred only, or inset: it paints no opaque ring.
    expect(shadowReach('rgba(0, 0, 0, 0.5) 0px 0px 0px 9999px')).toBe(0);
    expect(shadowReach('rgb(0, 0, 0) 0px 0px 8px 0px')).toBe(0);
    expect(shadowReach('rgb(255, 255, 255) 0px 0px 0px 1000px inset')).toBe(0);
    expect(insetFill('rgb(255, 255, 255) 0px 0px 0px 1000px inset')).toBe(true);
    expect(insetFill('rgba(0, 0, 0, 0.2) 0px 0px 0px 1000px inset')).toBe(false);
    expect(insetFill('none')).toBe(false);
  });
});
