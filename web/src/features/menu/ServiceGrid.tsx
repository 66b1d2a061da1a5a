import type { Service } from '@kit/contract';
import { es } from '../../i18n/es.ts';
import { ServiceTile } from './ServiceTile.tsx';
import { SessionTile } from './SessionTile.tsx';
import './menu.css';

export function ServiceGrid({ services }: { services: readonly Service[] }) {
  return (
    <ul className="service-grid" aria-label={es.menu.toolsLabel}>
      {services.map((service) => (
        <li key={service.id}>
          {service.id === 'login' ? <SessionTile service={service} /> : <ServiceTile service={service} />}
        </li>
      ))}
    </ul>
  );
}
