/**
 * acme-client, loaded the first time a certificate is asked for or ordered:
 * with axios, node-forge and its ASN.1 stack it holds about 35 MB of a
 * server's memory, and most kits never order a certificate
 * (docs/PERFORMANCE.md, "Browsing during an upload, and memory on a 1 GB Pi").
 */
export type AcmeLibrary = typeof import('acme-client');

export const acmeLibrary = async (): Promise<AcmeLibrary> => (await import('acme-client')).default;
