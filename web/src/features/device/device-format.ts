import { esDevice } from '../../i18n/es-device.ts';
import { formatFileSize } from '../../ui/format.ts';

const t = esDevice;

/** 93784 s → "1 d 2 h 3 min"; under a minute → "0 min". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const parts = [days ? t.days(days) : '', days || hours ? t.hours(hours) : '', t.minutes(minutes)];
  return parts.filter(Boolean).join(' ');
}

/** "1.2 GB usados de 3.7 GB (32 %)", or "No disponible". */
export function formatUse(use: { usedBytes: number; totalBytes: number } | null): string {
  if (!use || use.totalBytes <= 0) return t.unavailable;
  return t.used(formatFileSize(use.usedBytes), formatFileSize(use.totalBytes), Math.round((use.usedBytes / use.totalBytes) * 100));
}

/** A date and time in Spanish, in the phone's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return date.toLocaleString('es-PE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
