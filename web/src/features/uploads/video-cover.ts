/** Long side of a generated cover; the server fits covers in 640 px anyway. */
const COVER_SIDE = 640;
const FRAME_TIMEOUT_MS = 10_000;

/**
 * A cover made on the phone from a frame of the video (a second in, or a
 * third of a short clip), as a JPEG; null when the browser cannot decode
 * the video. Images get theirs from the server; other types show their icon.
 */
export function videoFrameCover(file: Blob): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const finish = (cover: Blob | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(cover);
    };
    const timer = setTimeout(() => finish(null), FRAME_TIMEOUT_MS);
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    video.onerror = () => finish(null);
    video.onloadedmetadata = () => {
      video.currentTime = Number.isFinite(video.duration) ? Math.min(1, video.duration / 3) : 0;
    };
    video.onseeked = () => {
      const scale = Math.min(1, COVER_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const context = canvas.getContext('2d');
      if (!context || video.videoWidth === 0) return finish(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85);
    };
    video.src = url;
  });
}
