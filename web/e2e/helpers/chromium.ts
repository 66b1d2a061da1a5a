/**
 * How every journey starts Debian's chromium (a test tool cannot download its own browser here): the config's
 * default browser and the journeys that launch one of their own with extra flags share these.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox or GPU in the test machine; no traffic of the browser's own that would leave 127.0.0.1. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
