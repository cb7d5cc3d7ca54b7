import { crc32, deflateSync } from 'node:zlib';

/**
 * Tiny real images of every allowed type, for the upload tests. PNG, GIF, BMP and ICO are built here byte by
 * byte; JPEG and WebP come from Chromium's canvas encoder (2×2, ICC profile dropped) because a hand-written
 * entropy coder would be a test of itself. All six decode in Chromium (checked with createImageBitmap).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 RGB PNG of the given colour. */
export function tinyPng(rgb: readonly [number, number, number] = [40, 160, 120]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const scanline = Buffer.from([0, ...rgb]); // filter type 0, then the pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF89a: two-colour global table, one LZW-coded pixel. */
export function tinyGif(): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // screen 1×1, global table of 2 colours
    0xff,
    0xff,
    0xff,
    0,
    0,
    0, // white, black
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor at 0,0, 1×1
    2,
    2,
    0x44,
    0x01,
    0, // LZW min code size 2, one 2-byte block, block terminator
    0x3b, // trailer
  ]);
}

/** A 1×1 24-bit BMP (BITMAPINFOHEADER). */
export function tinyBmp(): Buffer {
  const file = Buffer.alloc(58);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(58, 2); // file size
  file.writeUInt32LE(54, 10); // pixel data offset
  file.writeUInt32LE(40, 14); // DIB header size
  file.writeInt32LE(1, 18); // width
  file.writeInt32LE(1, 22); // height
  file.writeUInt16LE(1, 26); // planes
  file.writeUInt16LE(24, 28); // bits per pixel
  file.writeUInt32LE(4, 34); // image size: one pixel padded to 4 bytes
  file.writeInt32LE(2835, 38); // 72 dpi
  file.writeInt32LE(2835, 42);
  file.set([120, 160, 40, 0], 54); // B, G, R, padding
  return file;
}

/** A 1×1 ICO holding one PNG image (the format browsers and Windows read since Vista). */
export function tinyIco(): Buffer {
  const png = tinyPng();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.set([1, 1, 0, 0], 6); // 1×1, no palette, reserved
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

export const tinyJpeg = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCiv/2Q==',
    'base64',
  );

/** Lossy (VP8) WebP, 2×2. */
export const tinyWebp = (): Buffer =>
  Buffer.from('UklGRi4AAABXRUJQVlA4ICIAAABwAQCdASoCAAIAAsBMJaACdAGgAACOPD/8Wh/bz/g1tKAA', 'base64');

/** Lossless (VP8L) WebP, 1×1. */
export const tinyWebpLossless = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** Every allowed type with a real file of it. */
export const tinyImages = [
  { type: 'image/png', name: 'dot.png', bytes: tinyPng },
  { type: 'image/gif', name: 'dot.gif', bytes: tinyGif },
  { type: 'image/jpeg', name: 'dot.jpg', bytes: tinyJpeg },
  { type: 'image/bmp', name: 'dot.bmp', bytes: tinyBmp },
  { type: 'image/x-icon', name: 'dot.ico', bytes: tinyIco },
  { type: 'image/webp', name: 'dot.webp', bytes: tinyWebp },
] as const;
