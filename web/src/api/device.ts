import type { DeviceAccepted, DeviceStatus, HotspotSwitch, PhoneMode, PowerAction, WifiChangeAccepted, WifiSettingsBody, WifiState } from '@kit/contract';
import { api } from './api.ts';

/* The kit's device control (docs/API-device.md), admins on a kit only; phone-mode on every server. */

export const getDeviceStatus = (signal?: AbortSignal) => api.get<DeviceStatus>('/v2/admin/device/status', undefined, signal);
export const requestPower = (action: PowerAction) => api.request<DeviceAccepted>('/v2/admin/device/power', { method: 'POST', body: { action } });
export const switchHotspot = (state: HotspotSwitch) => api.request<DeviceAccepted>('/v2/admin/device/hotspot', { method: 'POST', body: { state } });
export const setKitClock = (now: string) => api.request<{ now: string; message: string }>('/v2/admin/device/clock', { method: 'PUT', body: { now } });
export const installCertificate = (cert: string, key: string) =>
  api.request<{ message: string; restartRequired: boolean }>('/v2/admin/device/certificate', { method: 'PUT', body: { cert, key } });
export const getWifi = (signal?: AbortSignal) => api.get<WifiState>('/v2/admin/device/wifi', undefined, signal);
export const changeWifi = (body: WifiSettingsBody) => api.request<WifiChangeAccepted>('/v2/admin/device/wifi', { method: 'PUT', body });
export const confirmWifi = () => api.request<{ message: string }>('/v2/admin/device/wifi/confirm', { method: 'POST' });
export const getPhoneMode = (signal?: AbortSignal) => api.get<PhoneMode>('/v2/admin/phone-mode', undefined, signal);
/** Anyone, on every server: the phone's time, which a kit's clock follows when several phones agree (docs/API-device.md "The kit's clock"). */
export const sendClockHint = (now: string) => api.request<null>('/v2/clock/hint', { method: 'POST', body: { now } });
