import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';

export interface UserResult {
  id: number;
  user_name: string;
  name: string;
  last_name: string;
  FullImageUrl: string | null;
}

/** Users found by a search; each links to what they uploaded. */
export function UserResults({ users, query }: { users: readonly UserResult[]; query: string }) {
  if (users.length === 0) {
    return <p className="library-empty">{fill(esLibrary.search.noUsers, { q: query })}</p>;
  }
  return (
    <ul className="user-results" aria-label={esLibrary.search.users}>
      {users.map((user) => (
        <li key={user.id}>
          <Link to={`/user/${user.id}/resources`} className="surface user-result">
            <Avatar user={user} />
            <span className="user-result__text">
              <span className="user-result__handle">{user.user_name}</span>
              <span className="user-result__name">{`${user.name} ${user.last_name}`.trim()}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** docs/PRODUCT.md#avatar: the picture, or the initial letter when there is none. */
function Avatar({ user }: { user: UserResult }) {
  if (user.FullImageUrl) {
    return <img className="user-result__avatar" src={user.FullImageUrl} alt="" width={40} height={40} loading="lazy" />;
  }
  return (
    <span className="user-result__avatar user-result__avatar--initial" aria-hidden="true">
      {(user.name || user.user_name).charAt(0).toUpperCase()}
    </span>
  );
}
