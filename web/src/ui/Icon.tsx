/** The pictures of the resource types (features/library/resource-types.ts names one per type). */
export type TypeIconName = 'all' | 'image' | 'document' | 'video' | 'audio' | 'app' | 'list' | 'library';

export type IconName =
  | TypeIconName
  | 'back'
  | 'search'
  | 'dice'
  | 'home'
  | 'star'
  | 'upload'
  | 'download'
  | 'help'
  | 'close'
  | 'chevron'
  | 'eye'
  | 'phone'
  | 'minus'
  | 'plus'
  | 'prev'
  | 'next'
  | 'fit'
  | 'grip';

/** Stroke paths on a 24×24 grid (drawn for this app; no icon font, nothing from the network). */
const PATHS: Record<IconName, string> = {
  all: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M16 9.5a1.5 1.5 0 1 0 0-.01',
  document: 'M6 2h8l5 5v15H6zM14 2v5h5M9 12h7M9 16h7',
  video: 'M3 5h18v14H3zM10 9v6l5-3z',
  audio: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  app: 'M7 2h10v20H7zM11 18h2',
  list: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  library: 'M4 4h4v16H4zM10 4h4v16h-4zM16.5 4.5l3.8-1 3.2 15.5-3.8 1z',
  back: 'M15 18l-6-6 6-6',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
  dice: 'M4 4h16v16H4zM8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01',
  home: 'M3 11l9-8 9 8M5 9.5V21h5v-6h4v6h5V9.5',
  star: 'M12 3l2.8 5.9 6.2.8-4.6 4.3 1.2 6.2L12 17.2 6.4 20.2l1.2-6.2L3 9.7l6.2-.8z',
  upload: 'M12 16V4M7 9l5-5 5 5M4 20h16',
  download: 'M12 4v12M7 11l5 5 5-5M4 20h16',
  help: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M9 6l6 6-6 6',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  phone: 'M7 2h10v20H7zM11 18h2M12 7v6M9.5 10.5L12 13l2.5-2.5',
  minus: 'M5 12h14',
  plus: 'M12 5v14M5 12h14',
  prev: 'M15 18l-6-6 6-6',
  next: 'M9 6l6 6-6 6',
  fit: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  grip: 'M9 5a1 1 0 1 0 0 2a1 1 0 1 0 0-2M15 5a1 1 0 1 0 0 2a1 1 0 1 0 0-2M9 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2M15 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2M9 17a1 1 0 1 0 0 2a1 1 0 1 0 0-2M15 17a1 1 0 1 0 0 2a1 1 0 1 0 0-2',
};

export interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** A decorative inline SVG icon in the current text colour; the control around it carries the name. */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
