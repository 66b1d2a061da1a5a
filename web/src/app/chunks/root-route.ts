/** Route module of the library layout (one lazy chunk): component, loader, error boundary. */
export { libraryLayoutLoader } from '../../features/library/library-context.ts';
export { LibraryRoot } from '../../features/library/LibraryRoot.tsx';
export { LibraryRouteError } from '../LibraryRouteError.tsx';
