/**
 * Route module of the resource pages (one lazy chunk): /resource/{id}, /resource/random, /list/{id}, and an
 * offline library's reader, /resource/{id}/read/{path} and /resource/{id}/read-outside.
 */
export { listLoader, randomResourceLoader, resourceLoader } from '../../features/resources/resource-loaders.ts';
export { ListPage } from '../../pages/ListPage.tsx';
export { RandomResourcePage } from '../../pages/RandomResourcePage.tsx';
export { ResourcePage } from '../../pages/ResourcePage.tsx';
export { OutsideLinkPage } from '../../features/libraries/OutsideLinkPage.tsx';
export { ReaderPage } from '../../features/libraries/ReaderPage.tsx';
export { readerLoader } from '../../features/libraries/reader-loader.ts';
