/** Route module of the offline libraries' reader (one lazy chunk): /resource/{id}/read/{path} and /resource/{id}/read-outside. */
export { OutsideLinkPage } from '../../features/libraries/OutsideLinkPage.tsx';
export { ReaderPage } from '../../features/libraries/ReaderPage.tsx';
export { readerLoader } from '../../features/libraries/reader-loader.ts';
