import type { Service } from '@kit/contract';
import { es } from '../../i18n/es.ts';
import { ServiceTile } from './ServiceTile.tsx';
import './menu.css';

export function ServiceGrid({ services }: { services: readonly Service[] }) {
  return (
    <ul className="service-grid" aria-label={es.menu.toolsLabel}>
      {services.map((service) => (
        <li key={service.id}>
          <ServiceTile service={service} />
        </li>
      ))}
    </ul>
  );
}
