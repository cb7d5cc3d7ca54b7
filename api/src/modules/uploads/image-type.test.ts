import { describe, expect, it } from 'vitest';
import { allowedImageTypes } from '@lifeboard/shared/models/images';
import { detectImageType } from './image-type';
import { tinyImages, tinyWebpLossless } from './test-images';

describe('detectImageType (magic bytes)', () => {
  it.each(tinyImages.map((image) => [image.type, image.bytes] as const))('recognises a real %s', (type, bytes) => {
    expect(detectImageType(bytes())).toBe(type);
  });

  it('recognises lossless WebP too, and every allowed type has a fixture', () => {
    expect(detectImageType(tinyWebpLossless())).toBe('image/webp');
    expect(tinyImages.map((image) => image.type).sort()).toEqual([...allowedImageTypes].sort());
  });

  const text = (value: string) => Buffer.from(value, 'utf8');
  it.each([
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['text that happens to start with BM', text('BM is not a bitmap, whatever its name says......')],
    ['a cursor (type 2, not an icon)', Buffer.from([0, 0, 2, 0, 1, 0, ...new Array(16).fill(0)])],
    ['an icon header with no images', Buffer.from([0, 0, 1, 0, 0, 0])],
    ['an icon header whose directory is cut off', Buffer.from([0, 0, 1, 0, 1, 0, 1, 1])],
    ['a RIFF WAVE file', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('WAVEfmt ')])],
    ['a RIFF WEBP with an unknown chunk', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('WEBPJUNK')])],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['a PDF', text('%PDF-1.7\n')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});
