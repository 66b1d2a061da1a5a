import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnrolmentToken } from './enrolment-token.ts';
import { PROJECT_ROOT } from './project-paths.ts';

/**
 * Every option the server reads from its environment, with type, default and
 * meaning. docs/CONFIG.md documents the same list (a test keeps them equal).
 */
export const OPTIONS = {
  PORT: { kind: 'port', default: '8080', description: 'Puerto HTTP del portal.' },
  HOST: { kind: 'string', default: '0.0.0.0', description: 'Dirección en la que escucha el servidor.' },
  KIT_DATA_DIR: { kind: 'string', default: './data', description: 'Carpeta de datos: base SQLite, medios, claves.' },
  KIT_WEB_DIR: { kind: 'string', default: '', description: 'Carpeta de la PWA compilada (por defecto web/dist del proyecto).' },
  KIT_IS_KIT: { kind: 'boolean', default: 'false', description: '`true` en un kit Raspberry Pi: activa /admin/device y la redirección de navegadores antiguos.' },
  KIT_ADMIN_PASSWORD: { kind: 'string', default: '', description: 'Contraseña del usuario `admin` en el primer arranque; si falta se genera una y se muestra una vez en el registro.' },
  KIT_SERVICES_MODE: { kind: 'enum', values: ['default', 'planet', 'community'], default: 'default', description: 'Modo de servicios inicial del menú (luego lo cambian los administradores).' },
  KIT_HOSTNAME: { kind: 'string', default: 'portal.kit', description: 'Nombre de red del kit (el DNS del kit lo responde); el portal cautivo envía los teléfonos a http://<nombre>/menu.' },
  KIT_HTTPS_PORT: { kind: 'port', default: '443', description: 'Puerto HTTPS; se escucha solo si hay un certificado en <KIT_DATA_DIR>/tls/ (0 lo desactiva). Ver docs/HTTPS.md.' },
  KIT_SCRIPTS_DIR: { kind: 'string', default: '', description: 'Carpeta de kit-power, kit-hotspot, kit-clock y kit-wifi, que /admin/device ejecuta (por defecto scripts/ del proyecto).' },
  KIT_WIFI_SSID: { kind: 'string', default: '', description: 'Nombre de la red Wi-Fi del kit que muestra /admin/device (lo escribe kit-firstboot).' },
  KIT_WIFI_MAX_PHONES: { kind: 'integer', min: 1, max: 2007, default: '10', description: 'Teléfonos que el Wi-Fi atiende a la vez (max_num_sta de hostapd); /admin/device compara con él.' },
  KIT_WIFI_CONFIRM_SECONDS: { kind: 'integer', min: 5, max: 3600, default: '180', description: 'Segundos que tiene un administrador, conectado a la red Wi-Fi nueva, para pulsar «Conservar» antes de que el kit vuelva solo a la anterior.' },
  KIT_SEED_DEMO: { kind: 'boolean', default: 'false', description: '`true` carga los datos de demostración si la base está vacía (`make start` lo activa).' },
  KIT_MAX_UPLOAD_MB: { kind: 'integer', min: 1, max: 102_400, default: '1024', description: 'Tamaño máximo de un archivo subido a la biblioteca, en MiB (se comprueba mientras llegan los bytes).' },
  KIT_DISK_RESERVE_MB: { kind: 'integer', min: 0, max: 102_400, default: '64', description: 'Espacio libre, en MiB, que ninguna subida, importación ni copia de seguridad puede ocupar en el disco de datos, para que la base de datos siga guardando y un administrador pueda entrar con el disco lleno.' },
  KIT_USB_ROOT: { kind: 'string', default: '/media', description: 'Carpeta bajo la que se montan las memorias USB; /admin/sync ofrece los puntos de montaje que haya debajo.' },
  KIT_SYNC_FEED_URL: { kind: 'string', default: '', description: 'Dirección del índice firmado (feed.json) de un centro de sincronización del que este kit trae paquetes nuevos; vale hasta que un administrador la guarde en /admin/sync.' },
  KIT_SYNC_UPLOAD_URL: { kind: 'string', default: '', description: 'Dirección a la que este kit envía sus estadísticas y decisiones de moderación firmadas (la de otro Kit Portal que hace de centro); vale hasta que un administrador la guarde en /admin/sync.' },
  KIT_SYNC_INTERVAL_HOURS: { kind: 'integer', min: 0, max: 720, default: '6', description: 'Cada cuántas horas sincronizar con el centro solo (y al conectarse a una red nueva); 0: solo con «Sincronizar ahora». Vale hasta que un administrador lo guarde en /admin/sync.' },
  KIT_SYNC_ENROLMENT_TOKEN: { kind: 'string', default: '', description: 'Código de inscripción que dio el administrador del centro (kp1.…): en su primera sincronización el kit se inscribe con él y confía en la clave del centro sin copiar claves a mano (docs/SYNC.md).' },
  KIT_ACME_DIRECTORY_URL: { kind: 'string', default: '', description: 'Centro que emite certificados HTTPS a sus kits: dirección https:// del directorio ACME de la autoridad de certificación.' },
  KIT_ACME_EMAIL: { kind: 'string', default: '', description: 'Correo de contacto de la cuenta ACME del centro.' },
  KIT_ACME_DOMAIN: { kind: 'string', default: '', description: 'Dominio bajo el que se nombran los kits (p. ej. kits.example.org).' },
  KIT_ACME_DNS_HOOK: { kind: 'string', default: '', description: 'Programa que publica y retira el registro TXT del reto DNS-01: HOOK add|remove <nombre> <valor>.' },
  KIT_ACME_CA_FILE: { kind: 'string', default: '', description: 'Certificados raíz (PEM) adicionales: un centro confía en ellos al hablar con el servidor ACME; un kit, en las cadenas que le envía su centro (una CA privada o de pruebas).' },
  KIT_RENDITIONS: { kind: 'boolean', default: 'true', description: '`true` prepara una copia ligera de cada video, imagen y sonido de la biblioteca para los teléfonos (una tarea a la vez, en segundo plano).' },
  KIT_RENDITION_THREADS: { kind: 'integer', min: 0, max: 16, default: '0', description: 'Hilos de ffmpeg por tarea de copia ligera; 0: uno menos que los núcleos, como mucho 2.' },
  LOG_LEVEL: { kind: 'enum', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', description: 'Nivel de registro de pino.' },
  LOG_FORMAT: { kind: 'enum', values: ['auto', 'json', 'pretty'], default: 'auto', description: 'Formato del registro: `json` (una línea JSON por evento, para journald), `pretty` (líneas legibles para una persona) o `auto` (legibles si la salida es una terminal, JSON si no).' },
} as const satisfies Record<string, OptionSpec>;

interface OptionSpec {
  kind: 'port' | 'string' | 'boolean' | 'enum' | 'integer';
  default: string;
  description: string;
  values?: readonly string[];
  /** integer: inclusive bounds */
  min?: number;
  max?: number;
}

export type ServicesMode = (typeof OPTIONS.KIT_SERVICES_MODE.values)[number];
export type LogLevel = (typeof OPTIONS.LOG_LEVEL.values)[number];
export type LogFormat = (typeof OPTIONS.LOG_FORMAT.values)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  webDir: string;
  isKit: boolean;
  adminPassword: string | null;
  servicesMode: ServicesMode;
  seedDemo: boolean;
  /** HTTPS port, served only when a certificate is installed; 0: never */
  httpsPort: number;
  /** where kit-power, kit-hotspot, kit-clock and kit-wifi live */
  scriptsDir: string;
  /** the hotspot's network name as kit-firstboot set it; null: read it from hostapd.conf if readable */
  wifiSsid: string | null;
  wifiMaxPhones: number;
  /** seconds a Wi-Fi change waits for a confirmation over the new network before the kit undoes it */
  wifiConfirmSeconds: number;
  /** the kit's own name on its network (KIT_HOSTNAME), lower case */
  kitHostname: string;
  logLevel: LogLevel;
  /** auto: readable lines in a terminal, JSON otherwise (server/src/logging.ts) */
  logFormat: LogFormat;
  /** largest library upload, in bytes (KIT_MAX_UPLOAD_MB) */
  maxUploadBytes: number;
  /** free space on the data disk that no upload, import or backup may take (KIT_DISK_RESERVE_MB) */
  diskReserveBytes: number;
  /** where USB drives are mounted (KIT_USB_ROOT) */
  usbRoot: string;
  /** the hub's signed feed this kit pulls from; null: none */
  syncFeedUrl: string | null;
  /** where this kit posts its signed reports; null: none */
  syncUploadUrl: string | null;
  /** automatic hub sync every so many hours; 0: only on demand */
  syncIntervalHours: number;
  /** KIT_SYNC_ENROLMENT_TOKEN: the hub's enrolment token this kit enrols with at its first sync; null: none */
  syncEnrolmentToken: string | null;
  /** this server, as a hub, obtains HTTPS certificates for its kits from this ACME account; null: it does not */
  acme: AcmeConfig | null;
  /** KIT_ACME_CA_FILE: roots trusted besides the public ones, by a hub for its ACME server and by a kit for its hub's chains; null: none */
  acmeCaFile: string | null;
  /** phone copies of videos, pictures and sounds are prepared in the background (KIT_RENDITIONS) */
  renditions: boolean;
  /** ffmpeg threads per rendition job; 0: automatic (KIT_RENDITION_THREADS) */
  renditionThreads: number;
}

export interface AcmeConfig {
  directoryUrl: string;
  email: string;
  /** kits are named <label>.<domain> */
  domain: string;
  /** absolute path of the DNS-01 hook, run as `hook add|remove <fqdn> <value>` */
  dnsHook: string;
  /** extra trusted roots (PEM) for the ACME server's own HTTPS; null: Node's */
  caFile: string | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuración no válida:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
  }
}

/** A DNS name: labels of letters, digits and inner hyphens, separated by dots. */
const HOSTNAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;


/** Reads and checks the environment once; lists every bad value at the same time. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const problems: string[] = [];
  const read = (name: keyof typeof OPTIONS): string => {
    const spec: OptionSpec = OPTIONS[name];
    const raw = env[name];
    const value = raw === undefined || raw === '' ? spec.default : raw.trim();
    if (spec.kind === 'port') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 65535) problems.push(`${name}: «${value}» no es un puerto entre 0 y 65535`);
    } else if (spec.kind === 'boolean' && value !== 'true' && value !== 'false') {
      problems.push(`${name}: «${value}» debe ser true o false`);
    } else if (spec.kind === 'integer') {
      const n = Number(value);
      if (!/^[0-9]+$/.test(value) || n < (spec.min ?? 0) || n > (spec.max ?? Number.MAX_SAFE_INTEGER)) {
        problems.push(`${name}: «${value}» debe ser un número entero entre ${spec.min ?? 0} y ${spec.max ?? Number.MAX_SAFE_INTEGER}`);
      }
    } else if (spec.kind === 'enum' && !spec.values?.includes(value)) {
      problems.push(`${name}: «${value}» debe ser uno de: ${spec.values?.join(', ')}`);
    }
    return value;
  };

  const config: Config = {
    port: Number(read('PORT')),
    host: read('HOST'),
    dataDir: path.resolve(read('KIT_DATA_DIR')),
    webDir: path.resolve(read('KIT_WEB_DIR') || path.join(PROJECT_ROOT, 'web', 'dist')),
    isKit: read('KIT_IS_KIT') === 'true',
    adminPassword: read('KIT_ADMIN_PASSWORD') || null,
    servicesMode: read('KIT_SERVICES_MODE') as ServicesMode,
    seedDemo: read('KIT_SEED_DEMO') === 'true',
    httpsPort: Number(read('KIT_HTTPS_PORT')),
    scriptsDir: path.resolve(read('KIT_SCRIPTS_DIR') || path.join(PROJECT_ROOT, 'scripts')),
    wifiSsid: read('KIT_WIFI_SSID') || null,
    wifiMaxPhones: Number(read('KIT_WIFI_MAX_PHONES')),
    wifiConfirmSeconds: Number(read('KIT_WIFI_CONFIRM_SECONDS')),
    kitHostname: read('KIT_HOSTNAME').toLowerCase(),
    logLevel: read('LOG_LEVEL') as LogLevel,
    logFormat: read('LOG_FORMAT') as LogFormat,
    maxUploadBytes: Number(read('KIT_MAX_UPLOAD_MB')) * 1024 * 1024,
    diskReserveBytes: Number(read('KIT_DISK_RESERVE_MB')) * 1024 * 1024,
    usbRoot: path.resolve(read('KIT_USB_ROOT')),
    syncFeedUrl: read('KIT_SYNC_FEED_URL') || null,
    syncUploadUrl: read('KIT_SYNC_UPLOAD_URL') || null,
    syncIntervalHours: Number(read('KIT_SYNC_INTERVAL_HOURS')),
    syncEnrolmentToken: read('KIT_SYNC_ENROLMENT_TOKEN').trim() || null,
    acme: null,
    acmeCaFile: null,
    renditions: read('KIT_RENDITIONS') === 'true',
    renditionThreads: Number(read('KIT_RENDITION_THREADS')),
  };
  for (const [name, url] of [['KIT_SYNC_FEED_URL', config.syncFeedUrl], ['KIT_SYNC_UPLOAD_URL', config.syncUploadUrl]] as const) {
    if (url !== null && !isHubUrl(url)) problems.push(`${name}: «${url}» debe ser una dirección http:// o https://`);
  }
  if (config.syncEnrolmentToken !== null && parseEnrolmentToken(config.syncEnrolmentToken) === null) {
    problems.push('KIT_SYNC_ENROLMENT_TOKEN: no es un código de inscripción (kp1.…): cópialo entero de /admin/sync del centro');
  }
  if (config.adminPassword !== null && config.adminPassword.length < 6) {
    problems.push('KIT_ADMIN_PASSWORD: debe tener al menos 6 caracteres');
  }
  if (config.httpsPort !== 0 && config.httpsPort === config.port) {
    problems.push(`KIT_HTTPS_PORT: «${config.httpsPort}» no puede ser el mismo puerto que PORT`);
  }
  if (!HOSTNAME.test(config.kitHostname) || config.kitHostname.length > 253) {
    problems.push(`KIT_HOSTNAME: «${config.kitHostname}» no es un nombre de red válido (letras, cifras, guiones y puntos)`);
  }
  config.acmeCaFile = readAcmeCaFile(env, problems);
  config.acme = readAcme(env, config.acmeCaFile, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** A hub's address, from the environment or from /admin/sync: http:// or https://, no spaces. */
export const isHubUrl = (url: string): boolean => /^https?:\/\/[^\s]+$/.test(url);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const acmeValue = (env: NodeJS.ProcessEnv, name: keyof typeof OPTIONS) => env[name]?.trim() ?? '';

/** KIT_ACME_CA_FILE, alone on a kit (the roots its hub's chains may end at) or with the hub's account; it must be there when the server starts. */
function readAcmeCaFile(env: NodeJS.ProcessEnv, problems: string[]): string | null {
  const caFile = acmeValue(env, 'KIT_ACME_CA_FILE');
  if (!caFile) return null;
  if (!readsAsCertificates(caFile)) {
    problems.push(`KIT_ACME_CA_FILE: «${caFile}» no se puede leer como certificados PEM`);
    return null;
  }
  return caFile;
}

/**
 * The hub's ACME account (docs/HTTPS.md): all four of directory, e-mail,
 * domain and hook, or none. The hook must be there when the server starts,
 * so a typo is found by the technician, not by a kit.
 */
function readAcme(env: NodeJS.ProcessEnv, caFile: string | null, problems: string[]): AcmeConfig | null {
  const value = (name: keyof typeof OPTIONS) => acmeValue(env, name);
  const directoryUrl = value('KIT_ACME_DIRECTORY_URL');
  const email = value('KIT_ACME_EMAIL');
  const domain = value('KIT_ACME_DOMAIN').toLowerCase().replace(/\.$/, '');
  const dnsHook = value('KIT_ACME_DNS_HOOK');
  if (!directoryUrl && !email && !domain && !dnsHook) return null;
  const before = problems.length;
  for (const [name, given] of [['KIT_ACME_DIRECTORY_URL', directoryUrl], ['KIT_ACME_EMAIL', email], ['KIT_ACME_DOMAIN', domain], ['KIT_ACME_DNS_HOOK', dnsHook]] as const) {
    if (!given) problems.push(`${name}: falta (el centro emite certificados solo con las cuatro variables KIT_ACME_*)`);
  }
  if (directoryUrl && !/^https:\/\/[^\s]+$/.test(directoryUrl)) problems.push(`KIT_ACME_DIRECTORY_URL: «${directoryUrl}» debe ser una dirección https://`);
  if (email && !EMAIL.test(email)) problems.push(`KIT_ACME_EMAIL: «${email}» no es una dirección de correo`);
  // Two labels at least: kits get <label>.<domain>, and a CA never issues under a bare top-level domain.
  if (domain && (!HOSTNAME.test(domain) || !domain.includes('.') || domain.length > 200)) {
    problems.push(`KIT_ACME_DOMAIN: «${domain}» no es un dominio válido (p. ej. kits.example.org)`);
  }
  if (dnsHook) {
    if (!path.isAbsolute(dnsHook)) problems.push(`KIT_ACME_DNS_HOOK: «${dnsHook}» debe ser una ruta absoluta`);
    else if (!isExecutableFile(dnsHook)) problems.push(`KIT_ACME_DNS_HOOK: «${dnsHook}» no existe o no es un programa ejecutable`);
  }
  if (problems.length > before) return null;
  return { directoryUrl, email, domain, dnsHook, caFile };
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function readsAsCertificates(file: string): boolean {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    // Each block must parse (the constructor throws otherwise).
    for (const block of blocks) new X509Certificate(block);
    return blocks.length > 0;
  } catch {
    return false;
  }
}
