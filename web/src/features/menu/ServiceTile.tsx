import type { Service } from '@kit/contract';
import { Link } from 'react-router';
import { es } from '../../i18n/es.ts';
import { Pictogram } from './Pictogram.tsx';

/**
 * One tool of the portal menu. Only a tool with a target is a link; a disabled
 * tool or one without a target yet says so and cannot be followed. A target
 * that is another program on the kit (an encyclopedia, a course server) is a
 * plain link: a full page load, not a route of this app.
 */
export function ServiceTile({ service }: { service: Service }) {
  // the pictogram is what people who read little recognise; the name beside it stays the tile's accessible name
  const mark = (
    <span className="round-mark service-tile__mark" aria-hidden="true">
      <Pictogram name={service.icon} size={32} />
    </span>
  );
  if (service.disabled || service.href === null) {
    return (
      <div className="surface service-tile service-tile--inactive" aria-disabled="true" data-testid={`service-${service.id}`}>
        {mark}
        <span className="service-tile__name">{service.name}</span>
        <span className="service-tile__note">{service.disabled ? es.menu.unavailable : es.menu.comingSoon}</span>
      </div>
    );
  }
  if (service.external) {
    return (
      <a href={service.href} className="surface service-tile" data-testid={`service-${service.id}`} title={es.portal.externalTool}>
        {mark}
        <span className="service-tile__name">{service.name}</span>
      </a>
    );
  }
  return (
    <Link to={service.href} className="surface service-tile" data-testid={`service-${service.id}`}>
      {mark}
      <span className="service-tile__name">{service.name}</span>
    </Link>
  );
}
