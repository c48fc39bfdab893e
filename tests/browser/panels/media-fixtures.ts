/** Media made in the browser for the viewer tests: a detailed image, a short WebM recording, a WAV tone. */
import { blobToBase64 } from '../images';

export async function pictureBase64(width: number, height: number): Promise<string> {
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d')!;
  const sky = g.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#1e3c72');
  sky.addColorStop(0.6, '#f0a35e');
  sky.addColorStop(1, '#8a3b12');
  g.fillStyle = sky;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#ffe08a';
  g.beginPath();
  g.arc(width * 0.65, height * 0.55, height * 0.12, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#2b1a10';
  g.fillRect(0, height * 0.72, width, height * 0.28);
  return blobToBase64(await canvas.convertToBlob({ type: 'image/png' }));
}

/** About `seconds` of 160×90 VP8 video, recorded from a canvas (as a screen recorder would make). */
export async function recordedWebm(seconds: number): Promise<string> {
  // On a busy machine MediaRecorder now and then hands over no bytes at all; a fixture that is no
  // video would test nothing, so it records again.
  for (let attempt = 1; ; attempt++) {
    const video = await recordOnce(seconds);
    if (video.size > 0 || attempt === 3) return blobToBase64(video);
  }
}

async function recordOnce(seconds: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 90;
  const g = canvas.getContext('2d')!;
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(100);
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const t = (performance.now() - start) / 1000;
    g.fillStyle = `hsl(${t * 120} 70% 45%)`;
    g.fillRect(0, 0, 160, 90);
    g.fillStyle = '#fff';
    g.fillRect(10 + t * 40, 35, 20, 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  recorder.stop();
  await stopped;
  return new Blob(chunks, { type: 'video/webm' });
}

/** A mono 16-bit PCM WAV of a sine tone. */
export function toneWavBase64(seconds: number, hz = 440, rate = 8000): string {
  const samples = Math.round(seconds * rate);
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.sin((2 * Math.PI * hz * i) / rate) * 12000, true);
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
