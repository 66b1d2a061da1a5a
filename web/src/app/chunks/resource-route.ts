/** Route module of the resource pages (one lazy chunk): /resource/{id}, /resource/random, /list/{id}. */
export { listLoader, randomResourceLoader, resourceLoader } from '../../features/resources/resource-loaders.ts';
export { ListPage } from '../../pages/ListPage.tsx';
export { RandomResourcePage } from '../../pages/RandomResourcePage.tsx';
export { ResourcePage } from '../../pages/ResourcePage.tsx';
