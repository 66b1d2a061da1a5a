/** Route module of the library layout (one lazy chunk): component, loader, error boundary. */
export { libraryLayoutLoader } from '../library-context.ts';
export { LibraryRoot } from '../LibraryRoot.tsx';
export { LibraryRouteError } from '../LibraryRouteError.tsx';
