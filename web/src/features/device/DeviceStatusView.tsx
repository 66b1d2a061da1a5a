import type { DeviceStatus } from '@kit/contract';
import type { ReactNode } from 'react';
import { esDevice } from '../../i18n/es-device.ts';
import { formatUptime, formatUse } from './device-format.ts';

const t = esDevice;
type Flag = keyof typeof t.powerFlags;
const FLAGS = Object.keys(t.powerFlags) as Flag[];

/** The power flags that are set, or why there are none to show. */
function PowerFlags({ throttling }: { throttling: DeviceStatus['throttling'] }) {
  if (!throttling) return <>{t.unavailable}</>;
  const set = FLAGS.filter((flag) => throttling[flag] === true);
  if (set.length === 0) return <>{t.powerOk}</>;
  return (
    <ul className="device-flags">
      {set.map((flag) => (
        <li key={flag} data-flag={flag}>
          {t.powerFlags[flag]}
        </li>
      ))}
    </ul>
  );
}

/** The disk's use, and a warning when less than the kit's reserve is free. */
function DiskUse({ disk }: { disk: DeviceStatus['disk'] }) {
  if (!disk?.full) return <>{formatUse(disk)}</>;
  return (
    <>
      {formatUse(disk)}
      <p className="device-warning" role="alert">
        {t.diskFull}
      </p>
    </>
  );
}

/** Label, value and test id (`device-<key>`) of each row. */
export type DeviceRows = [string, ReactNode, string][];

/** A card's readings as a definition list. */
export function DeviceList({ rows }: { rows: DeviceRows }) {
  return (
    <dl className="device-list">
      {rows.map(([label, value, key]) => (
        <div key={key} data-testid={`device-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Uptime, temperature, power flags, disk and memory, as the last status read them. */
export function DeviceStatusView({ status }: { status: DeviceStatus }) {
  const rows: DeviceRows = [
    [t.uptime, status.uptimeSeconds === null ? t.unavailable : formatUptime(status.uptimeSeconds), 'uptime'],
    [t.temperature, status.temperatureC === null ? t.unavailable : `${status.temperatureC.toFixed(1)} °C`, 'temperature'],
    [t.power_, <PowerFlags throttling={status.throttling} />, 'power'],
    [t.disk, <DiskUse disk={status.disk} />, 'disk'],
    [t.memory, formatUse(status.memory), 'memory'],
  ];
  return (
    <section className="device-card" aria-labelledby="device-status">
      <h2 id="device-status">{t.status}</h2>
      <DeviceList rows={rows} />
    </section>
  );
}
