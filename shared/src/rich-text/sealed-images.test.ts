import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRecordUid } from '../crypto/format';
import { openImage, sealImage } from '../crypto/images';
import { createKeyMaterial, type DataKey } from '../crypto/keys';
import { sealedImageHtml } from './policy';
import {
  IMAGE_LOCKED,
  IMAGE_UNDECRYPTABLE,
  SealedImageUrls,
  sealedImageIds,
  showSealedImages,
  type SealedImageSource,
} from './sealed-images';

/** Sealed bytes kept in memory in place of the server: the source opens them with a real key, or none. */
async function setUp() {
  const key = (await createKeyMaterial(7, 'correct horse battery staple', 1_000)).dataKey;
  const stored = new Map<string, Uint8Array>();
  const put = async (bytes: number[]) => {
    const id = newRecordUid();
    stored.set(id, await sealImage(key, id, { type: 'image/png', bytes: new Uint8Array(bytes) }));
    return id;
  };
  const source = (dataKey: DataKey | null): SealedImageSource => ({
    open: (id) => openImage(dataKey, id, stored.get(id) ?? new Uint8Array()),
  });
  return { key, stored, put, source };
}

function mount(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('showing sealed images', () => {
  it('shows a decrypted image through a blob: address, revoked when the text closes', async () => {
    const { key, put, source } = await setUp();
    const id = await put([0x89, 0x50, 0x4e, 0x47]);
    const root = mount(`<p>${sealedImageHtml(id)}</p>`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const urls = new SealedImageUrls(source(key));
    await showSealedImages(root, urls);
    const src = root.querySelector('img')?.getAttribute('src') ?? '';
    expect(src).toMatch(/^blob:/);
    urls.dispose();
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith(src));
  });

  it('says "locked" without a key, and shows the image once unlocked', async () => {
    const { key, put, source } = await setUp();
    const id = await put([1, 2, 3]);
    const root = mount(sealedImageHtml(id));
    await showSealedImages(root, new SealedImageUrls(source(null)));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe(IMAGE_LOCKED);
    expect(root.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(IMAGE_LOCKED);
    await showSealedImages(root, new SealedImageUrls(source(key)));
    expect(root.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);
    expect(root.textContent).toBe('');
  });

  it('says "can\'t be decrypted" for a changed byte, and still shows the other images', async () => {
    const { key, stored, put, source } = await setUp();
    const bad = await put([1, 2, 3]);
    const good = await put([4, 5, 6]);
    stored.get(bad)![20] ^= 0x01;
    const root = mount(sealedImageHtml(bad) + sealedImageHtml(good));
    await showSealedImages(root, new SealedImageUrls(source(key)));
    expect(root.textContent).toBe(IMAGE_UNDECRYPTABLE);
    expect(root.querySelectorAll('img')).toHaveLength(1);
    expect(root.querySelector('img')?.getAttribute('data-sealed-upload')).toBe(good);
  });

  it('finds each sealed image of a text once', () => {
    const a = newRecordUid();
    const b = newRecordUid();
    expect(sealedImageIds(`<p>${sealedImageHtml(a)}x${sealedImageHtml(b)}${sealedImageHtml(a)}</p>`)).toEqual([a, b]);
    expect(sealedImageIds('<img src="/api/uploads/abc">')).toEqual([]);
  });
});
