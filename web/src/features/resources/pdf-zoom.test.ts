import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_PIXELS, pageScale, zoomIn, zoomOut } from './pdf-zoom.ts';

describe('PDF reader zoom', () => {
  it('steps through the zoom levels and stops at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('fits an A4 page to a 360px phone and draws at the screen density', () => {
    const { scale, outputScale } = pageScale(595, 842, 360, 1, 2.625);
    expect(scale).toBeCloseTo(360 / 595);
    expect(outputScale).toBe(2);
  });

  it('caps the canvas so a zoomed page does not exhaust a cheap phone', () => {
    const { scale, outputScale } = pageScale(595, 842, 800, 3, 3);
    const pixels = 595 * scale * outputScale * (842 * scale * outputScale);
    expect(pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
    expect(outputScale).toBeLessThan(1);
  });
});
