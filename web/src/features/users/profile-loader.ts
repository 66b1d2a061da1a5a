import type { User } from '@kit/contract';
import { data, type LoaderFunctionArgs } from 'react-router';
import { getUser } from '../../api/account-reads.ts';

/** /user/{id}: the profile; a malformed id is a 404 without a call. */
export function profileLoader({ params, request }: LoaderFunctionArgs): Promise<User> {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || String(id) !== params.id) throw data(null, { status: 404 });
  return getUser(id, request.signal);
}
