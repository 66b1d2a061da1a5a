import type { TileIcon } from '@kit/contract';
import { DEFAULT_TILE_ICON } from '@kit/contract/portal-data';

/*
 * The menu's pictograms (the set the contract names, TILE_ICONS): strokes on
 * a 24×24 grid, drawn for this app and kept in the script, so /menu shows them
 * with its first download and nothing more to fetch (its budget is in
 * web/test/build.test.ts). Shapes before detail: they are read at 28 px by
 * people who may read little.
 */
const PATHS: Readonly<Record<TileIcon, string>> = {
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  library: 'M3 4h4v16H3zM9 4h4v16H9zM14.5 5.2l3.8-1 3.7 14.6-3.8 1zM2 21h20',
  gear: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM10.5 2h3l.5 3 2 .9 2.5-1.8 2.1 2.1L18.8 8.7l.8 2 2.4.4v3l-2.4.4-.8 2 1.8 2.5-2.1 2.1-2.5-1.8-2 .8-.5 2.5h-3l-.5-2.5-2-.8-2.5 1.8-2.1-2.1 1.8-2.5-.8-2-2.4-.4v-3l2.4-.4.8-2-1.8-2.5 2.1-2.1L8 5.9l2-.9z',
  megaphone: 'M3 10h4l9-5v14l-9-5H3zM7 14l1.5 6h3L10 15.5M19 9.5a3 3 0 0 1 0 5',
  film: 'M3 4h18v16H3zM7 4v16M17 4v16M3 8h4M3 12h4M3 16h4M17 8h4M17 12h4M17 16h4',
  clipboard: 'M6 4h12v17H6zM9 2h6v4H9zM9 11l2 2 4-4M9 17h6',
  globe: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2c2.7 2.9 4 6.2 4 10s-1.3 7.1-4 10c-2.7-2.9-4-6.2-4-10s1.3-7.1 4-10z',
  cap: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6',
  health: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11zM7 12h2.5L11 9.5l2 4 1.5-1.5H17',
  apps: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  newspaper: 'M4 5h13v15H6a2 2 0 0 1-2-2zM17 9h3v9a2 2 0 0 1-4 0M7 9h7M7 13h7M7 16h5',
  book: 'M2 5c3-1.5 7-1.5 10 1 3-2.5 7-2.5 10-1v14c-3-1.5-7-1.5-10 1-3-2.5-7-2.5-10-1zM12 6v14',
  leaf: 'M5 19C5 9 11 4 20 4c0 9-5 15-15 15zM5 19l8-8',
  apple: 'M12 7c-2-2-7-2-7 4s3.5 10 7 8c3.5 2 7-2 7-8s-5-6-7-4zM12 7c0-2 1-4 3-4',
  smile: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM8 14c1.5 2 6.5 2 8 0M9 9h.01M15 9h.01',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  briefcase: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
  government: 'M3 9l9-6 9 6zM5 9v9M10 9v9M14 9v9M19 9v9M3 21h18',
  play: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM10 8v8l6-4z',
  download: 'M7 2h10v20H7zM12 6v8M9 11l3 3 3-3M11 18h2',
  plus: 'M12 5v14M5 12h14',
  star: 'M12 3l2.8 5.9 6.2.8-4.6 4.3 1.2 6.2L12 17.2l-5.6 3 1.2-6.2L3 9.7l6.2-.8z',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  pin: 'M12 22s-7-7-7-12a7 7 0 0 1 14 0c0 5-7 12-7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  water: 'M12 3s-6 7-6 11a6 6 0 0 0 12 0c0-4-6-11-6-11z',
};

export interface PictogramProps {
  /** a name of the set; anything else (a menu kept from an older answer) draws the default one */
  name: string;
  size?: number;
  /** its name where the pictogram stands alone (a choice in the menu editor); without it, decoration beside a text */
  label?: string;
}

/**
 * One pictogram as inline SVG, in the current text colour. Its frame repeats
 * ui/Icon.tsx's on purpose: one shared frame module became a chunk of its own,
 * one more file and preload line in /menu's first download.
 */
export function Pictogram({ name, size = 28, label }: PictogramProps) {
  // (not Object.hasOwn: the build targets ES2020 browsers)
  const icon = Object.prototype.hasOwnProperty.call(PATHS, name) ? (name as TileIcon) : DEFAULT_TILE_ICON;
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
      data-pictogram={icon}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={PATHS[icon]} />
    </svg>
  );
}
