/**
 * Small drawings of a phone's screen for the install steps: where the
 * browser's button is, the menu entry to tap, the portal's icon on the home
 * screen. Inline SVG (a few hundred bytes, nothing to download); decorative,
 * the step's text says the same.
 */
export type Sketch = 'menu-top' | 'menu-bottom' | 'share' | 'add' | 'home';

const FRAME = 'M10 2h28a6 6 0 0 1 6 6v56a6 6 0 0 1-6 6H10a6 6 0 0 1-6-6V8a6 6 0 0 1 6-6z';

function Marks({ sketch }: { sketch: Sketch }) {
  switch (sketch) {
    case 'menu-top':
      // the address bar and its ⋮ button, top right
      return (
        <>
          <path d="M9 9h22" />
          <circle className="phone-sketch__spot" cx="37" cy="10" r="5" />
          <path className="phone-sketch__on-spot" d="M37 7.5v.01M37 10v.01M37 12.5v.01" />
        </>
      );
    case 'menu-bottom':
      // the bottom bar and its ≡ button, bottom right
      return (
        <>
          <path d="M9 62h20" />
          <circle className="phone-sketch__spot" cx="37" cy="62" r="5" />
          <path className="phone-sketch__on-spot" d="M34.5 60h5M34.5 62h5M34.5 64h5" />
        </>
      );
    case 'share':
      // the share button (a box with an arrow up), bottom middle
      return (
        <>
          <circle className="phone-sketch__spot" cx="24" cy="61" r="6" />
          <path className="phone-sketch__on-spot" d="M21.5 60v4h5v-4M24 63v-6M22 59l2-2 2 2" />
        </>
      );
    case 'add':
      // the open menu, one entry picked: "add to home screen"
      return (
        <>
          <path d="M12 12h26v40H12zM16 19h14M16 26h16M16 44h12" />
          <rect className="phone-sketch__spot" x="13" y="31" width="24" height="8" rx="2" />
          <path className="phone-sketch__on-spot" d="M18 35h4M20 33v4M25 35h8" />
        </>
      );
    case 'home':
      // the home screen, the portal's icon among the others
      return (
        <>
          <path d="M11 14h7v7h-7zM21 14h7v7h-7zM31 14h7v7h-7zM11 25h7v7h-7zM21 25h7v7h-7z" />
          <rect className="phone-sketch__spot" x="30" y="24" width="9" height="9" rx="2" />
          <path className="phone-sketch__on-spot" d="M32 28.5l2 2 3.5-4" />
        </>
      );
  }
}

export function PhoneSketch({ sketch }: { sketch: Sketch }) {
  return (
    <svg className="phone-sketch" width="48" height="72" viewBox="0 0 48 72" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={FRAME} />
      <Marks sketch={sketch} />
    </svg>
  );
}
