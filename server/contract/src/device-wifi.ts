import { Type, type Static } from 'typebox';

/*
 * The kit's Wi-Fi settings from /admin/device (docs/API-device.md, "Wi-Fi
 * settings"): the same field names in both directions; the password is only
 * ever sent, never returned.
 */

export const WIFI_BANDS = ['2.4', '5'] as const;
export const WifiBandSchema = Type.Union([Type.Literal('2.4'), Type.Literal('5')]);
export type WifiBand = Static<typeof WifiBandSchema>;
export const WifiSecuritySchema = Type.Union([Type.Literal('wpa2'), Type.Literal('open')]);
export type WifiSecurity = Static<typeof WifiSecuritySchema>;
/** `auto`: the kit picks (channel 6 on 2.4 GHz, the first one the country allows on 5 GHz). */
export const WifiChannelSchema = Type.Union([Type.Literal('auto'), Type.Integer()]);
export type WifiChannel = Static<typeof WifiChannelSchema>;

/** 802.11 limits an SSID to 32 bytes (UTF-8 counts bytes, not letters). */
export const WIFI_SSID_MAX_BYTES = 32;
/** WPA2-Personal passphrase: 8 to 63 printable ASCII characters. */
export const WIFI_PASSWORD_MIN = 8;
export const WIFI_PASSWORD_MAX = 63;
/**
 * The 20 MHz channel numbers of each band the kit's access point may use
 * (2.4 GHz channel 14 is 802.11b only; the access point is 802.11g/n).
 */
export const WIFI_CHANNELS: Record<WifiBand, { first: number; last: number }> = { '2.4': { first: 1, last: 13 }, '5': { first: 32, last: 177 } };
/** hostapd's max_num_sta accepts 1 to 2007; the Pi's own radio serves far fewer (docs/API-device.md). */
export const WIFI_MAX_PHONES_MAX = 2007;
/** Countries listed first on the form; the others follow by their code. */
export const WIFI_FIRST_COUNTRIES = ['PE', 'GT', 'US'] as const;

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const settingsFields = {
  /** 1 to 32 bytes, no control characters */
  ssid: Type.String(),
  security: WifiSecuritySchema,
  channel: WifiChannelSchema,
  band: WifiBandSchema,
  /** two capital letters (ISO 3166), or null: the world rules, before a country was ever set */
  country: nullable(Type.String()),
  /** phones the access point lets on at once (hostapd max_num_sta) */
  maxPhones: Type.Integer(),
};

/** Settings as the kit applies them (no password). */
export const WifiSettingsSchema = Type.Object(settingsFields);
export type WifiSettings = Static<typeof WifiSettingsSchema>;

/**
 * PUT body. Loose on purpose where the server gives a precise Spanish message
 * itself (bytes of the name, the channels of a country); `password` may be
 * left out to keep the current one when the network stays WPA2.
 */
export const WifiSettingsBodySchema = Type.Object(
  {
    ssid: Type.String({ maxLength: 256 }),
    security: WifiSecuritySchema,
    password: Type.Optional(Type.String({ maxLength: 256 })),
    channel: WifiChannelSchema,
    band: WifiBandSchema,
    country: Type.String({ maxLength: 16 }),
    maxPhones: Type.Integer(),
  },
  { additionalProperties: false },
);
export type WifiSettingsBody = Static<typeof WifiSettingsBodySchema>;

/** What the radio (read from `iw`) and each country (the regulatory database) allow, for the form. */
export const WifiAllowedSchema = Type.Object({
  /** the bands the kit's radio has; empty when it could not be read */
  bands: Type.Array(WifiBandSchema),
  /** every country of the regulatory database (PE, GT, US first, then by code), with the channels an access point may use there on this radio */
  countries: Type.Array(
    Type.Object({
      code: Type.String(),
      channels: Type.Object({ '2.4': Type.Array(Type.Integer()), '5': Type.Array(Type.Integer()) }),
    }),
  ),
});
export type WifiAllowed = Static<typeof WifiAllowedSchema>;

/** A change that is not settled yet. */
export const WifiPendingSchema = Type.Object({
  id: Type.String(),
  /** applying: the kit is switching (the Wi-Fi drops for a moment); waiting: up, and undone at `deadline` unless confirmed */
  state: Type.Union([Type.Literal('applying'), Type.Literal('waiting')]),
  settings: WifiSettingsSchema,
  /** what the kit goes back to */
  previous: nullable(WifiSettingsSchema),
  startedAt: Type.String(),
  deadline: nullable(Type.String()),
  /** seconds until the deadline when this answer was made (the phone's clock may differ from the kit's) */
  secondsLeft: nullable(Type.Integer()),
  confirmSeconds: Type.Integer(),
});
export type WifiPending = Static<typeof WifiPendingSchema>;

/** How the last change ended. */
export const WifiLastChangeSchema = Type.Object({
  id: Type.String(),
  result: Type.Union([Type.Literal('confirmed'), Type.Literal('reverted'), Type.Literal('failed')]),
  /** why it was undone, in Spanish; null when confirmed */
  reason: nullable(Type.String()),
  at: Type.String(),
});
export type WifiLastChange = Static<typeof WifiLastChangeSchema>;

/** GET answer: the current settings at the top level, then what may be chosen and where a change stands. */
export const WifiStateSchema = Type.Object({
  ...settingsFields,
  /** the channel the access point uses, also when `channel` is auto; null when not known */
  channelInUse: nullable(Type.Integer()),
  /** how long a change waits for its confirmation from the new network (KIT_WIFI_CONFIRM_SECONDS) */
  confirmSeconds: Type.Integer(),
  allowed: WifiAllowedSchema,
  pending: nullable(WifiPendingSchema),
  lastChange: nullable(WifiLastChangeSchema),
});
export type WifiState = Static<typeof WifiStateSchema>;

export const WifiChangeAcceptedSchema = Type.Object({ message: Type.String(), pending: WifiPendingSchema });
export type WifiChangeAccepted = Static<typeof WifiChangeAcceptedSchema>;
export const WifiConfirmedSchema = Type.Object({ message: Type.String() });
