import { Type, type Static } from 'typebox';

/*
 * Device control of a kit (/admin/device, admins only, only when isKit):
 * power, hotspot, clock, HTTPS certificate, and the status the page shows.
 * Docs: docs/API-device.md.
 */

export const PowerActionSchema = Type.Union([Type.Literal('poweroff'), Type.Literal('reboot')]);
export type PowerAction = Static<typeof PowerActionSchema>;
export const HotspotSwitchSchema = Type.Union([Type.Literal('on'), Type.Literal('off')]);
export type HotspotSwitch = Static<typeof HotspotSwitchSchema>;
/** What `systemctl is-active kit-hotspot.target` may say, and unknown when it could not be asked. */
export const HOTSPOT_UNIT_STATES = ['active', 'inactive', 'activating', 'deactivating', 'failed', 'unknown'] as const;
export type HotspotUnitState = (typeof HOTSPOT_UNIT_STATES)[number];
const HotspotUnitStateSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('inactive'),
  Type.Literal('activating'),
  Type.Literal('deactivating'),
  Type.Literal('failed'),
  Type.Literal('unknown'),
]);

/** The earliest time the kit's clock may be set to (a Pi without a clock battery starts at its last saved time, never earlier than this). */
export const CLOCK_MIN = '2025-01-01T00:00:00Z';
export const CLOCK_MAX = '2100-01-01T00:00:00Z';
/** An ISO 8601 date and time with its offset, as `new Date().toISOString()` writes it on the admin's phone. */
export const CLOCK_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
/** Largest PEM text accepted for a certificate (with its chain) or a key. */
export const PEM_MAX = 64 * 1024;

export const DevicePowerBodySchema = Type.Object({ action: PowerActionSchema });
export const DeviceHotspotBodySchema = Type.Object({ state: HotspotSwitchSchema });
export const DeviceClockBodySchema = Type.Object({ now: Type.String({ pattern: CLOCK_PATTERN, maxLength: 40 }) });
export const DeviceCertificateBodySchema = Type.Object({
  /** PEM: the kit's certificate first, then any intermediate certificates */
  cert: Type.String({ minLength: 1, maxLength: PEM_MAX }),
  /** PEM private key without a passphrase */
  key: Type.String({ minLength: 1, maxLength: PEM_MAX }),
});

/** 202 answer of an action that runs after the answer (power) or in the background (hotspot). */
export const DeviceAcceptedSchema = Type.Object({ message: Type.String() });
export type DeviceAccepted = Static<typeof DeviceAcceptedSchema>;

export const DeviceClockResultSchema = Type.Object({ now: Type.String(), message: Type.String() });

/** A phone's time, sent by the web app when it starts (POST /api/v2/clock/hint): agreeing phones move a kit's clock forward. */
export const ClockHintBodySchema = Type.Object({ now: Type.String({ pattern: CLOCK_PATTERN, maxLength: 40 }) });

/**
 * What moved the kit's clock (docs/API-device.md "The kit's clock"): the hub's signed time, an installed
 * certificate's start date, the admin's phone, or phones that agree.
 */
export const KIT_CLOCK_SOURCES = ['hub', 'certificate', 'admin', 'phones'] as const;
export type KitClockSource = (typeof KIT_CLOCK_SOURCES)[number];
const KitClockSourceSchema = Type.Union([Type.Literal('hub'), Type.Literal('certificate'), Type.Literal('admin'), Type.Literal('phones')]);
export const KitClockChangeSchema = Type.Object({
  id: Type.Integer(),
  source: KitClockSourceSchema,
  /** the kit's clock before and after the change (ISO, UTC) */
  from: Type.String(),
  to: Type.String(),
});
export type KitClockChange = Static<typeof KitClockChangeSchema>;

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const CertificateInfoSchema = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  /** DNS names the certificate covers (subjectAltName), or the subject's CN when it has none */
  names: Type.Array(Type.String()),
  validFrom: Type.String(),
  validTo: Type.String(),
  daysLeft: Type.Integer(),
  expired: Type.Boolean(),
  selfSigned: Type.Boolean(),
  /**
   * signed up to a root every phone trusts: a public CA, or the hub's own CA (KIT_ACME_CA_FILE);
   * false for a self-signed or private-CA certificate, which only devices told to trust it accept
   */
  phonesTrust: Type.Boolean(),
  /** covers one of the kit's names (KIT_HOSTNAME, or the name a hub gave it) */
  matchesHostname: Type.Boolean(),
  fingerprint256: Type.String(),
  /** when a third of its life is left: a kit enrolled with a hub asks for a new one from then on, at every sync */
  renewalDueAt: Type.String(),
});
export type CertificateInfo = Static<typeof CertificateInfoSchema>;

export const DeviceCertificateResultSchema = Type.Object({
  message: Type.String(),
  certificate: CertificateInfoSchema,
  /** false once the HTTPS listener serves it (within seconds, no restart); true only if the listener could not take it */
  restartRequired: Type.Boolean(),
});

/** What the kit knows of its enrolment with a hub that issues certificates (docs/HTTPS.md). */
export const CertificateEnrolmentSchema = Type.Object({
  /** the kit's name under the hub's domain, once the hub gave it one */
  name: nullable(Type.String()),
  domain: nullable(Type.String()),
  /** the hub's latest answer */
  state: nullable(Type.Union([Type.Literal('name-needed'), Type.Literal('pending'), Type.Literal('issued'), Type.Literal('failed')])),
  requestedAt: nullable(Type.String()),
  answeredAt: nullable(Type.String()),
  /** why the latest request or answer gave the kit no certificate, in Spanish; the kit kept the one it had */
  lastError: nullable(Type.Object({ code: Type.String(), message: Type.String(), at: Type.String() })),
});
export type CertificateEnrolment = Static<typeof CertificateEnrolmentSchema>;

const ActionStateSchema = Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);

/** The HTTPS listener and the installed certificate (docs/HTTPS.md). */
export const HttpsStatusSchema = Type.Object({
  /** KIT_HTTPS_PORT is not 0 */
  enabled: Type.Boolean(),
  /** the HTTPS listener is up, on this port */
  listening: Type.Boolean(),
  port: nullable(Type.Integer()),
  /** plain-HTTP page visits to the kit's name are sent to HTTPS now */
  redirecting: Type.Boolean(),
  /** the certificate installed in the data folder */
  certificate: nullable(CertificateInfoSchema),
  /** the installed certificate is not the one being served (the listener could not take it) */
  restartRequired: Type.Boolean(),
  /** the name HTTPS is served for and phones are sent to: KIT_HOSTNAME, or the name a hub gave the kit */
  name: nullable(Type.String()),
  /** null until the kit has synced with a hub that issues certificates */
  enrolment: nullable(CertificateEnrolmentSchema),
  /**
   * the kit's clock is known not to be behind: since the kit booted, the hub's signed time, the admin
   * or agreeing phones told it the time (always true off a kit). Until then nothing is redirected to HTTPS.
   */
  clockConfirmed: Type.Boolean(),
});
export type HttpsStatus = Static<typeof HttpsStatusSchema>;

export const DeviceStatusSchema = Type.Object({
  hostname: Type.String(),
  /** the kit's clock (ISO, UTC) */
  now: Type.String(),
  /** since the system booted (/proc/uptime) */
  uptimeSeconds: nullable(Type.Number()),
  serverUptimeSeconds: Type.Number(),
  temperatureC: nullable(Type.Number()),
  load: nullable(Type.Object({ one: Type.Number(), five: Type.Number(), fifteen: Type.Number(), cores: Type.Integer() })),
  /**
   * The Pi firmware's power flags. `firmware` (get_throttled) gives all of
   * them; `hwmon` (rpi_volt) only under-voltage now; null when neither exists.
   */
  throttling: nullable(
    Type.Object({
      source: Type.Union([Type.Literal('firmware'), Type.Literal('hwmon')]),
      underVoltageNow: Type.Boolean(),
      frequencyCappedNow: nullable(Type.Boolean()),
      throttledNow: nullable(Type.Boolean()),
      softTempLimitNow: nullable(Type.Boolean()),
      underVoltageSinceBoot: nullable(Type.Boolean()),
      frequencyCappedSinceBoot: nullable(Type.Boolean()),
      throttledSinceBoot: nullable(Type.Boolean()),
      softTempLimitSinceBoot: nullable(Type.Boolean()),
    }),
  ),
  /**
   * The file system of the data folder. `full`: less free than the reserve
   * (`reserveBytes`, KIT_DISK_RESERVE_MB) kept for the database and logins;
   * uploads, imports and backups are refused until space is freed.
   */
  disk: nullable(Type.Object({ totalBytes: Type.Number(), freeBytes: Type.Number(), usedBytes: Type.Number(), reserveBytes: Type.Number(), full: Type.Boolean() })),
  memory: nullable(Type.Object({ totalBytes: Type.Number(), availableBytes: Type.Number(), usedBytes: Type.Number() })),
  hotspot: Type.Object({
    /** systemctl is-active kit-hotspot.target; unknown when it could not be asked */
    state: HotspotUnitStateSchema,
    ssid: nullable(Type.String()),
    /** phones associated now (stations), or seen recently (ARP) when the station list cannot be read; null when neither */
    connectedPhones: nullable(Type.Integer()),
    connectedPhonesSource: nullable(Type.Union([Type.Literal('stations'), Type.Literal('arp')])),
    /** how many phones the Wi-Fi serves at once (hostapd max_num_sta) */
    maxPhones: Type.Integer(),
    lastAction: nullable(
      Type.Object({
        state: HotspotSwitchSchema,
        result: ActionStateSchema,
        startedAt: Type.String(),
        finishedAt: nullable(Type.String()),
        message: nullable(Type.String()),
      }),
    ),
  }),
  /** a power action accepted and about to run (or that failed to) */
  power: Type.Object({
    pending: nullable(PowerActionSchema),
    lastError: nullable(Type.String()),
  }),
  https: HttpsStatusSchema,
  clock: Type.Object({
    /** what told the kit the time since it booted (hub, admin or phones); null: its clock may be behind */
    confirmedBy: nullable(Type.Union([Type.Literal('hub'), Type.Literal('admin'), Type.Literal('phones')])),
    /** the last changes of the clock, newest first */
    changes: Type.Array(KitClockChangeSchema),
  }),
});
export type DeviceStatus = Static<typeof DeviceStatusSchema>;

/**
 * Why phones get the offline app or the basic mode: browsers give service
 * workers only to a secure origin, so the full app needs HTTPS with a
 * certificate valid for the kit's name that phones trust (docs/HTTPS.md).
 */
const PhoneModeReasonSchema = Type.Union([
  Type.Literal('https'),
  Type.Literal('disabled'),
  Type.Literal('no-certificate'),
  Type.Literal('restart-required'),
  Type.Literal('not-listening'),
  Type.Literal('expired'),
  Type.Literal('not-yet-valid'),
  Type.Literal('wrong-name'),
  Type.Literal('untrusted'),
  Type.Literal('clock-unconfirmed'),
]);
export type PhoneModeReason = Static<typeof PhoneModeReasonSchema>;
export const PhoneModeSchema = Type.Object({
  /** offline: full offline app (service worker over HTTPS); basic: plain HTTP, saving offline becomes a download */
  mode: Type.Union([Type.Literal('offline'), Type.Literal('basic')]),
  reason: PhoneModeReasonSchema,
  hostname: Type.String(),
  https: HttpsStatusSchema,
});
export type PhoneMode = Static<typeof PhoneModeSchema>;
