import fs from 'node:fs';
import { runTool } from './run-tool.ts';
import type { Tools } from './tools.ts';

/** The software encoder every ffmpeg build in Debian has. */
export const SOFTWARE_H264 = 'libx264';
/** A Raspberry Pi 4's hardware H.264 encoder, through the kernel's V4L2 memory-to-memory device. */
export const HARDWARE_H264 = 'h264_v4l2m2m';
/** Where the Pi's downstream kernel puts that encoder (bcm2835-codec); Debian's own kernel has no such device. */
const PI_ENCODER_DEVICE = '/dev/video11';

let chosen: Promise<string> | null = null;

/**
 * The H.264 encoder for this machine, decided once at run time: the Pi's
 * hardware encoder when ffmpeg knows it, its device is there and a few test
 * frames really encode (ffmpeg lists it on every machine, and the device may
 * be hidden from the service), else libx264.
 */
export function h264Encoder(tools: Tools): Promise<string> {
  chosen ??= (async () => {
    if (!tools.ffmpeg || !fs.existsSync(PI_ENCODER_DEVICE)) return SOFTWARE_H264;
    try {
      await runTool(tools, tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'color=black:s=320x240:d=0.2', '-frames:v', '3', '-c:v', HARDWARE_H264, '-b:v', '200k', '-f', 'null', '-'], {
        limitSeconds: 15,
      });
      return HARDWARE_H264;
    } catch {
      return SOFTWARE_H264;
    }
  })();
  return chosen;
}
