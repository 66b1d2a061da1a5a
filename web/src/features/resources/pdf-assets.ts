// pdf.js and its worker are files of our own build (no CDN: the kit has no
// internet), kept out of the app's chunks: they are large (~135 KB + ~300 KB
// compressed) and only a document page needs them. The legacy build, because
// phones on an offline kit may never update their browser.
import libraryUrl from 'pdfjs-dist/legacy/build/pdf.min.mjs?url';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

export { libraryUrl, workerUrl };

/** Fetches both through the service worker, which keeps them: a PDF saved for offline then opens without the network. */
export async function keepPdfJs(): Promise<void> {
  await Promise.all([libraryUrl, workerUrl].map((url) => fetch(url).then((r) => r.blob())));
}
