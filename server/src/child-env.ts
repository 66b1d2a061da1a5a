/**
 * The environment of every program the server starts (the kit's helper
 * scripts, ffmpeg): a PATH and a locale, and none of the server's own
 * variables, so no secret (KIT_ADMIN_PASSWORD…) reaches a child that reads
 * untrusted files or runs as a helper.
 */
export function childEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH || '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
}
