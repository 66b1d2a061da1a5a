/** docs/PRODUCT.md#breakpoints breakpoints (min-width, px). CSS media queries use only these values (a test checks). */
export const BREAKPOINTS = {
  xs: 480,
  sm: 576,
  md: 800,
  lg: 992,
  xl: 1200,
  xl2: 1281,
  xxl: 1600,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** docs/PRODUCT.md#breakpoints: header height and the dashboard drawer width on small screens (px). */
export const HEADER_HEIGHT = 60;
export const DRAWER_WIDTH = 281;
