import type { SVGProps } from 'react';

export interface OutlineSvgProps extends SVGProps<SVGSVGElement> {
  /** the strokes, on a 24×24 grid */
  d: string;
  size?: number;
}

/** The frame every icon and pictogram is drawn in: round strokes in the current text colour, never a focus stop. */
export function OutlineSvg({ d, size = 24, ...attributes }: OutlineSvgProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...attributes}
    >
      <path d={d} />
    </svg>
  );
}
