import type { ClientConfig, FastAccessServices, Service } from '@kit/contract';
import { Link } from 'react-router';
import { chooseServiceList } from '../menu/choose-services.ts';
import { Pictogram } from '../menu/Pictogram.tsx';

/** Tools of the portal menu worth a shortcut beside the library: those with a target, not the library itself. */
export function shortcutTools(services: FastAccessServices, config: Pick<ClientConfig, 'device' | 'seeDesktop'>): Service[] {
  return chooseServiceList(services, config).services.filter(
    (s) => s.href !== null && !s.disabled && !s.adminOnly && s.id !== 'library' && s.id !== 'login',
  );
}

/** docs/PRODUCT.md#layouts right-hand strip of tool shortcuts (wide screens), each with the menu's pictogram. */
export function ToolStrip({ tools }: { tools: readonly Service[] }) {
  return (
    <ul className="tool-strip">
      {tools.map((tool) => (
        <li key={tool.id}>
          <Link to={tool.href ?? '/menu'} className="tool-strip__item" title={tool.name}>
            <span className="tool-strip__mark" aria-hidden="true">
              <Pictogram name={tool.icon} size={22} />
            </span>
            <span className="tool-strip__name">{tool.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
