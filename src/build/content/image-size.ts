/**
 * The pixel size of an image from the first bytes of its file, for the formats that state it
 * there: PNG, GIF, JPEG, WebP. The page gives a hero image its size so the text does not jump when
 * the image arrives; an image whose size is not found this way is shown without one.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** How many bytes of a file to read: JPEG's size comes after its metadata, which is often long. */
export const IMAGE_HEAD_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

export function imageSize(head: Uint8Array): ImageSize | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  if (head.length >= 24 && ascii(head, 1, 3) === 'PNG' && ascii(head, 12, 4) === 'IHDR')
    return sized(view.getUint32(16), view.getUint32(20));
  if (head.length >= 10 && ascii(head, 0, 4) === 'GIF8')
    return sized(view.getUint16(6, true), view.getUint16(8, true));
  if (head.length >= 30 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP')
    return webpSize(head, view);
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head, view);
  return undefined;
}

function webpSize(head: Uint8Array, view: DataView): ImageSize | undefined {
  const chunk = ascii(head, 12, 4);
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = 1 + (head[24]! | (head[25]! << 8) | (head[26]! << 16));
    const height = 1 + (head[27]! | (head[28]! << 8) | (head[29]! << 16));
    return { width, height };
  }
  return undefined;
}

/** The first start-of-frame segment's size; JPEG segments are walked by their lengths. */
function jpegSize(head: Uint8Array, view: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + length;
  }
  return undefined;
}
