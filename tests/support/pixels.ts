/** Reads a screenshot's pixels, so a test can tell what colour the page shows where. */
import type { Page } from 'puppeteer-core';

/**
 * The share of pixels in a box of the viewport (the box of a highlight, say) that have the given
 * colour: what a user sees, not what the DOM says. The
 * screenshot is decoded by the page itself (a canvas), so no image library is needed.
 */
export async function colorShare(
  page: Page,
  rect: { x: number; y: number; width: number; height: number },
  rgb: [number, number, number],
): Promise<number> {
  // The box is in viewport pixels; a screenshot's clip is in page pixels.
  const [sx, sy] = await page.evaluate(() => [window.visualViewport!.pageLeft, window.visualViewport!.pageTop]);
  const clip = { x: rect.x + sx!, y: rect.y + sy!, width: Math.max(1, rect.width), height: Math.max(1, rect.height) };
  const png = await page.screenshot({ clip, encoding: 'base64', captureBeyondViewport: false });
  return page.evaluate(
    async (data, [r, g, b]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let hits = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i]! - r) < 12 && Math.abs(px[i + 1]! - g) < 12 && Math.abs(px[i + 2]! - b) < 12) hits++;
      }
      return hits / (px.length / 4);
    },
    png,
    rgb,
  );
}

/** "#ffd43b" → [255, 212, 59]. */
export function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The bounding box, in viewport pixels, of the ranges registered under a highlight name. */
export async function highlightBox(
  page: Page,
  name = 'cited-quote',
): Promise<{ x: number; y: number; width: number; height: number } | null> {
  return page.evaluate((n) => {
    const h = CSS.highlights.get(n);
    if (!h) return null;
    let box: DOMRect | null = null;
    for (const r of h as unknown as Iterable<Range>) {
      const b = r.getBoundingClientRect();
      if (!box) box = b;
      else {
        const x = Math.min(box.left, b.left);
        const y = Math.min(box.top, b.top);
        box = new DOMRect(x, y, Math.max(box.right, b.right) - x, Math.max(box.bottom, b.bottom) - y);
      }
    }
    return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
  }, name);
}
