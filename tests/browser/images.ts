/** Images made in the browser for tests (OffscreenCanvas), as Base64. */

export async function imageBlob(width: number, height: number, color = '#c81e1e', type = 'image/png'): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = color;
  context.fillRect(0, 0, width, height);
  return canvas.convertToBlob({ type });
}

export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function imageBase64(width: number, height: number, color?: string, type?: string): Promise<string> {
  return blobToBase64(await imageBlob(width, height, color, type));
}
