import { redirect } from 'react-router';
import { hasVisited, markVisited } from './visit-cookie.ts';

/**
 * `/`: a first visit sets the visit cookie; every visit then goes to the portal
 * menu (the library home `/{product}` takes over later visits once it exists).
 */
export function indexLoader(): Response {
  if (!hasVisited()) markVisited();
  return redirect('/menu');
}
