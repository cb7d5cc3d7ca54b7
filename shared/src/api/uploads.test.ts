import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../lib/test-fake-api';
import { MAX_IMAGE_BYTES } from '../models/images';
import { absoluteUploadUrl, uploadImage } from './uploads';

const api = withFakeApi();
beforeEach(() => {
  api.requests.length = 0;
});

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });

describe('uploadImage (wire shape, fake server)', () => {
  it('posts multipart with the file field and makes the url absolute', async () => {
    api.on('POST /api/uploads/image', { body: { success: true, id: 'abc', url: '/api/uploads/abc' } });
    expect(await uploadImage(png, 'dot.png')).toEqual({ id: 'abc', url: `${api.url}/api/uploads/abc` });
    const request = api.requests.at(-1);
    expect(String(request?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(request?.body)).toContain('name="file"; filename="dot.png"');
  });

  it('throws the server message on a refusal', async () => {
    api.on('POST /api/uploads/image', { status: 413, body: { message: 'Images may be at most 10 MB.' } });
    await expect(uploadImage(png)).rejects.toThrow('Images may be at most 10 MB.');
  });

  it('throws a network error when no answer comes', async () => {
    api.on('POST /api/uploads/image', { hangUp: true });
    await expect(uploadImage(png)).rejects.toThrow('The server could not be reached.');
  });

  it('can be cancelled', async () => {
    api.on('POST /api/uploads/image', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { body: { success: true, id: 'late', url: '/api/uploads/late' } };
    });
    const controller = new AbortController();
    const upload = uploadImage(png, 'dot.png', { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'CanceledError' });
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const before = api.requests.length;
    await expect(uploadImage(new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)]), 'big.png')).rejects.toMatchObject({
      status: 413,
      message: 'Images may be at most 10 MB.',
    });
    expect(api.requests.length).toBe(before);
  });

  it('rejects a success answer without id or url', async () => {
    api.on('POST /api/uploads/image', { body: { success: true } });
    await expect(uploadImage(png)).rejects.toThrow(/no id or url/);
  });
});

describe('absoluteUploadUrl', () => {
  it('prefixes paths and keeps absolute http(s) URLs', () => {
    expect(absoluteUploadUrl('/api/uploads/x', 'http://api.test')).toBe('http://api.test/api/uploads/x');
    expect(absoluteUploadUrl('api/uploads/x', 'http://api.test')).toBe('http://api.test/api/uploads/x');
    expect(absoluteUploadUrl('https://cdn.test/x', 'http://api.test')).toBe('https://cdn.test/x');
  });
});
