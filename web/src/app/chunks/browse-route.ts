/** Route module of the library's lists (one lazy chunk): /{product}, /featured, /user/{id}/resources, and /resource, /user/resources without an id. */
export { featuredLoader, libraryHomeLoader, ownResourcesLoader, resourceIndexLoader, userResourcesLoader } from '../../features/library/library-loaders.ts';
export { FeaturedPage } from '../../pages/FeaturedPage.tsx';
export { LibraryPage } from '../../pages/LibraryPage.tsx';
export { UserResourcesPage } from '../../pages/UserResourcesPage.tsx';
