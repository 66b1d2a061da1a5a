import { readArp, readStations, type DevicePaths } from './device.status.ts';

export type JoinedVerdict = 'joined' | 'not-on-wifi' | 'not-associated' | 'joined-before';

/** Slack for the helper's whole seconds against the radio's whole seconds of connection. */
const SLACK_MS = 3_000;

/**
 * Did the request from IP come from a phone connected through the Wi-Fi as
 * it is since SINCE_MS (when the root helper began switching to the new
 * settings; the hotspot restart follows)? Three things
 * must hold: the address is in the ARP table on the Wi-Fi interface (the
 * request crossed the kit's Wi-Fi, not its Ethernet or the kit itself); that
 * MAC address is a station associated with the access point now; and it has
 * been associated no longer than since the change (restarting hostapd drops
 * every phone, so a phone associated now joined the new network: the
 * connected time is a second check). A confirmation over any other path
 * proves nothing about the new settings.
 */
export async function joinedSince(ip: string, sinceMs: number, paths: DevicePaths, now = Date.now()): Promise<JoinedVerdict> {
  const address = ip.replace(/^::ffff:/, '');
  const mac = (await readArp(paths))?.get(address);
  if (!mac) return 'not-on-wifi';
  const station = (await readStations(paths))?.get(mac);
  if (!station) return 'not-associated';
  if (station.connectedSeconds !== null && now - station.connectedSeconds * 1000 < sinceMs - SLACK_MS) return 'joined-before';
  return 'joined';
}
