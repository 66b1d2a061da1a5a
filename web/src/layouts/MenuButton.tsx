import type { Ref } from 'react';
import { es } from '../i18n/es.ts';

export interface MenuButtonProps {
  /** whether the menu or drawer it opens is open */
  open: boolean;
  /** the id of that menu or drawer */
  controls: string;
  className: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** The header's hamburger button that opens and closes a layout's menu or drawer, saying which it will do. */
export function MenuButton({ open, controls, className, onClick, ref }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={`icon-button ${className}`}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? es.layout.closeMenu : es.layout.openMenu}
      onClick={onClick}
    >
      <span className="hamburger" aria-hidden="true" />
    </button>
  );
}
