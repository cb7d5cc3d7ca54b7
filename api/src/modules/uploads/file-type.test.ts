import { describe, expect, it } from 'vitest';
import { detectLessonFileType } from './file-type';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe('a lesson file is the type its bytes say', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04], 'rest'), 'application/zip'],
    ['an MP4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]), 'video/mp4'],
    ['a WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video/webm'],
    ['an MP3', bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['UTF-8 text', new TextEncoder().encode('Week one: résumé\nline two\n'), 'text/plain'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
  ])('%s', (_name, content, type) => {
    expect(detectLessonFileType(content)).toBe(type);
  });

  it.each([
    ['an executable', bytes('MZ', [0x90, 0, 3, 0, 0, 0])],
    ['binary junk', bytes([0, 1, 2, 3, 4, 5])],
    ['an empty file', new Uint8Array()],
    ['not UTF-8', bytes([0xc3, 0x28, 0x41])],
    ['an MP4 of an unknown brand', bytes([0, 0, 0, 0x20], 'ftypqt  ')],
  ])('refuses %s', (_name, content) => {
    expect(detectLessonFileType(content)).toBeNull();
  });
});
