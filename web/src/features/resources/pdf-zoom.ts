/** Zoom steps of the PDF reader, as multiples of "fit to width". */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT_WIDTH = 1;
/** Largest canvas drawn, in device pixels: cheap phones run out of memory beyond this. */
export const MAX_CANVAS_PIXELS = 8_000_000;

export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom + 1e-6) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? zoom;
}

export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-6) ?? ZOOM_STEPS[0] ?? zoom;
}

/**
 * Scale of the page so it fills `containerWidth` CSS pixels at `zoom`, and the
 * device-pixel ratio to draw at (sharp on high-density screens, capped so the
 * canvas stays within MAX_CANVAS_PIXELS).
 */
export function pageScale(
  pageWidth: number,
  pageHeight: number,
  containerWidth: number,
  zoom: number,
  devicePixelRatio: number,
): { scale: number; outputScale: number } {
  const scale = (Math.max(containerWidth, 1) / pageWidth) * zoom;
  const cssPixels = pageWidth * scale * pageHeight * scale;
  const outputScale = Math.max(0.5, Math.min(devicePixelRatio || 1, 2, Math.sqrt(MAX_CANVAS_PIXELS / cssPixels)));
  return { scale, outputScale };
}
