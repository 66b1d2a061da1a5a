import type { Service } from '@kit/contract';
import { Link } from 'react-router';
import { es } from '../../i18n/es.ts';
import { LOGOUT_PATH } from '../../session/guards.ts';
import { useSession } from '../../session/session-store.ts';
import { ServiceTile } from './ServiceTile.tsx';

/**
 * The menu's login tool. A visitor gets the tool as the kit configured it
 * (the login page); a logged-in user, who has nothing to log into, sees who
 * is logged in and the two ways on: the profile and logging out.
 */
export function SessionTile({ service }: { service: Service }) {
  const { loggedIn, userId, userName } = useSession();
  if (!loggedIn || userId === null) return <ServiceTile service={service} />;
  const name = userName ?? '';
  return (
    <div className="surface service-tile" role="group" aria-label={`${es.menu.session.signedIn}: ${name}`} data-testid={`service-${service.id}`}>
      <span className="round-mark service-tile__mark" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <span className="service-tile__name service-tile__user">{name}</span>
      <span className="service-tile__note">{es.menu.session.signedIn}</span>
      <span className="service-tile__links">
        <Link to={`/user/${userId}`}>{es.menu.session.profile}</Link>
        <Link to={LOGOUT_PATH}>{es.menu.session.logout}</Link>
      </span>
    </div>
  );
}
