/**
 * Small drawings of a phone's screen for the install steps: where the
 * browser's button is, the menu entry to tap, the portal's icon on the home
 * screen. Inline SVG (a few hundred bytes, nothing to download); decorative,
 * the step's text says the same.
 */
export type Sketch = 'menu-top' | 'menu-bottom' | 'share' | 'add' | 'home';

const FRAME = 'M10 2h28a6 6 0 0 1 6 6v56a6 6 0 0 1-6 6H10a6 6 0 0 1-6-6V8a6 6 0 0 1 6-6z';

/** What each sketch draws inside the frame: plain lines, then the highlighted spot to tap and the mark on it. */
interface Marks {
  lines?: string;
  /** a round button (circle) or a menu entry / icon (rounded rectangle) */
  spot: { cx: number; cy: number; r: number } | { x: number; y: number; width: number; height: number };
  onSpot: string;
}

const MARKS: Record<Sketch, Marks> = {
  // the address bar and its ⋮ button, top right
  'menu-top': { lines: 'M9 9h22', spot: { cx: 37, cy: 10, r: 5 }, onSpot: 'M37 7.5v.01M37 10v.01M37 12.5v.01' },
  // the bottom bar and its ≡ button, bottom right
  'menu-bottom': { lines: 'M9 62h20', spot: { cx: 37, cy: 62, r: 5 }, onSpot: 'M34.5 60h5M34.5 62h5M34.5 64h5' },
  // the share button (a box with an arrow up), bottom middle
  share: { spot: { cx: 24, cy: 61, r: 6 }, onSpot: 'M21.5 60v4h5v-4M24 63v-6M22 59l2-2 2 2' },
  // the open menu, one entry picked: "add to home screen"
  add: { lines: 'M12 12h26v40H12zM16 19h14M16 26h16M16 44h12', spot: { x: 13, y: 31, width: 24, height: 8 }, onSpot: 'M18 35h4M20 33v4M25 35h8' },
  // the home screen, the portal's icon among the others
  home: {
    lines: 'M11 14h7v7h-7zM21 14h7v7h-7zM31 14h7v7h-7zM11 25h7v7h-7zM21 25h7v7h-7z',
    spot: { x: 30, y: 24, width: 9, height: 9 },
    onSpot: 'M32 28.5l2 2 3.5-4',
  },
};

export function PhoneSketch({ sketch }: { sketch: Sketch }) {
  const { lines, spot, onSpot } = MARKS[sketch];
  return (
    <svg className="phone-sketch" width="48" height="72" viewBox="0 0 48 72" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={FRAME} />
      {lines !== undefined && <path d={lines} />}
      {'r' in spot ? <circle className="phone-sketch__spot" {...spot} /> : <rect className="phone-sketch__spot" rx="2" {...spot} />}
      <path className="phone-sketch__on-spot" d={onSpot} />
    </svg>
  );
}
