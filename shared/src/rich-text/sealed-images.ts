import { ApiError } from '../api/errors';
import {
  deleteUpload,
  fetchPlainImage,
  fetchSealedImage,
  fetchSharedPageImage,
  uploadImage,
  uploadSealedImage,
} from '../api/uploads';
import { newRecordUid } from '../crypto/format';
import { openImage, openImageWith, pageImageAad, sealImage, sealImageWith, type OpenedImage } from '../crypto/images';
import { CryptoAlert, UndecryptableError, type DataKey } from '../crypto/keys';
import { pageCryptoKey } from '../crypto/share';
import { $encryption } from '../stores/encryption';
import { safeSealedImageId, sealedImageAttribute, sealedImageClass, sealedImageHtml, sealedImageTag } from './policy';

/**
 * Images of encrypted entries in the browser (shared/src/crypto/README.md, "Images"): sealing one before upload,
 * and showing sealed ones — fetched, decrypted here and shown through `blob:` addresses that are revoked when the
 * text closes. Loaded only where a sealed image is written or shown.
 */

/** Where a text's sealed images come from and which key opens them. */
export interface SealedImageSource {
  /** The image; a `CryptoAlert` while no key is unlocked, an `UndecryptableError` when it fails to open. */
  open(id: string): Promise<OpenedImage>;
}

/** The signed-in user's own images, opened with the unlocked data key. */
export const ownImages: SealedImageSource = {
  async open(id) {
    const { dataKey } = $encryption.get();
    if (!dataKey) throw new CryptoAlert('noDecryptKey');
    return openImage(dataKey, id, await fetchSealedImage(id));
  },
};

/** A shared encrypted page's image copies, opened with the key of the link's fragment. */
export function sharedPageImages(slug: string, pageKey: string): SealedImageSource {
  const key = pageCryptoKey(pageKey);
  return {
    async open(id) {
      return openImageWith(await key, pageImageAad(id), await fetchSharedPageImage(slug, id));
    },
  };
}

export const IMAGE_LOCKED = 'Image locked — unlock the journal to see it';
export const IMAGE_UNDECRYPTABLE = "This image can't be decrypted";
export const IMAGE_UNAVAILABLE = "This image couldn't be loaded";

export type ShownImage =
  { state: 'open'; url: string } | { state: 'locked' } | { state: 'broken' } | { state: 'unavailable' };

/** The words a sealed image shows instead of itself. */
export function wordsFor(state: Exclude<ShownImage['state'], 'open'>): string {
  if (state === 'locked') return IMAGE_LOCKED;
  if (state === 'broken') return IMAGE_UNDECRYPTABLE;
  return IMAGE_UNAVAILABLE;
}

/**
 * The `blob:` addresses of one open text's sealed images: each image fetched and decrypted once, every address
 * revoked by `dispose()` (the text closed), so no decrypted image outlives its entry in memory.
 */
export class SealedImageUrls {
  private readonly shown = new Map<string, Promise<ShownImage>>();
  private disposed = false;

  constructor(private readonly source: SealedImageSource) {}

  resolve(id: string): Promise<ShownImage> {
    let found = this.shown.get(id);
    if (!found) {
      found = this.load(id);
      this.shown.set(id, found);
      // A locked or failed one is tried again next time (after an unlock, or when the network is back).
      void found.then((result) => {
        if (result.state !== 'open' && this.shown.get(id) === found) this.shown.delete(id);
      });
    }
    return found;
  }

  private async load(id: string): Promise<ShownImage> {
    try {
      const image = await this.source.open(id);
      if (this.disposed) return { state: 'unavailable' };
      return { state: 'open', url: URL.createObjectURL(new Blob([image.bytes], { type: image.type })) };
    } catch (error) {
      if (error instanceof CryptoAlert) return { state: 'locked' };
      if (error instanceof UndecryptableError) return { state: 'broken' };
      return { state: 'unavailable' };
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const shown of this.shown.values())
      void shown.then((result) => {
        if (result.state === 'open') URL.revokeObjectURL(result.url);
      });
    this.shown.clear();
  }
}

const sealedImageBoxClass = 'lb-sealed-image-box';

/**
 * Shows the sealed images under `root` (a view's sanitized HTML): each decrypted one gets its `blob:` address; a
 * locked, undecryptable or missing one becomes a box that says so, never a broken image.
 */
export async function showSealedImages(root: HTMLElement, urls: SealedImageUrls): Promise<void> {
  // Boxes of an earlier try become images again (the journal may have been unlocked since).
  for (const box of Array.from(root.querySelectorAll(`.${sealedImageBoxClass}[${sealedImageAttribute}]`))) {
    const image = document.createElement('img');
    image.className = sealedImageClass;
    image.setAttribute(sealedImageAttribute, box.getAttribute(sealedImageAttribute) ?? '');
    box.replaceWith(image);
  }
  const images = Array.from(root.querySelectorAll<HTMLImageElement>(`img[${sealedImageAttribute}]`));
  await Promise.all(
    images.map(async (image) => {
      const id = safeSealedImageId(image.getAttribute(sealedImageAttribute));
      const shown: ShownImage = id ? await urls.resolve(id) : { state: 'broken' };
      if (!image.isConnected) return;
      if (shown.state === 'open') {
        image.src = shown.url;
        image.alt = image.alt || 'Encrypted image';
        return;
      }
      const box = document.createElement('span');
      box.className = `${sealedImageBoxClass} ${sealedImageBoxClass}--${shown.state}`;
      box.setAttribute('role', 'img');
      box.setAttribute('aria-label', wordsFor(shown.state));
      box.textContent = wordsFor(shown.state);
      // The reference stays on the box, so a later unlock can show the image in its place.
      box.setAttribute(sealedImageAttribute, image.getAttribute(sealedImageAttribute) ?? '');
      image.replaceWith(box);
    }),
  );
}

/** The ids of the sealed images a text names, each once. */
export function sealedImageIds(html: string): string[] {
  const pattern = new RegExp(`${sealedImageAttribute}="([A-Za-z0-9_-]{22})"`, 'g');
  return [...new Set(Array.from(html.matchAll(pattern), (match) => match[1]))];
}

/** Seals one image with the unlocked data key and uploads it; its id (a `CryptoAlert` while locked). */
export async function uploadOwnSealedImage(image: Blob): Promise<string> {
  const { dataKey } = $encryption.get();
  if (!dataKey) throw new CryptoAlert('noEncryptKey');
  const id = newRecordUid();
  const sealed = await sealImage(dataKey, id, { type: image.type, bytes: new Uint8Array(await image.arrayBuffer()) });
  await uploadSealedImage(id, sealed);
  return id;
}

/**
 * A shared page's copies of the text's sealed images: each opened with the data key, sealed again under the page
 * key with a new id and uploaded. Answers the body naming the copies, and their ids (the page lists them, so the
 * server serves them with it and deletes them when it is revoked).
 */
export async function copyImagesForPage(body: string, pageKey: CryptoKey): Promise<{ body: string; ids: string[] }> {
  let shown = body;
  const ids: string[] = [];
  for (const id of sealedImageIds(body)) {
    const image = await ownImages.open(id);
    const copy = newRecordUid();
    await uploadSealedImage(copy, await sealImageWith(pageKey, pageImageAad(copy), image));
    image.bytes.fill(0);
    shown = shown.split(`${sealedImageAttribute}="${id}"`).join(`${sealedImageAttribute}="${copy}"`);
    ids.push(copy);
  }
  return { body: shown, ids };
}

const plainUploadImage = /<img\b[^>]*?\bsrc="([^"]*\/api\/uploads\/([A-Za-z0-9_-]{22}))"[^>]*>/g;

/** What one run of turning encryption on or off has converted: each image once, and the originals to delete. */
export class ImageConversion {
  /** Original id → the converted image's reference (a sealed id, or a plain address). */
  readonly done = new Map<string, string>();

  constructor(private readonly dataKey: DataKey) {}

  /** The body with its uploaded plain images sealed and uploaded again (turning encryption on). */
  async seal(body: string): Promise<string> {
    let out = body;
    for (const [tag, , id] of Array.from(body.matchAll(plainUploadImage))) {
      let sealedId = this.done.get(id);
      if (!sealedId) {
        // An image that can no longer be read (deleted) stays as it was: there is nothing of it to protect.
        const image = await fetchPlainImage(id).catch(() => null);
        if (!image) continue;
        sealedId = newRecordUid();
        await uploadSealedImage(sealedId, await sealImage(this.dataKey, sealedId, image));
        this.done.set(id, sealedId);
      }
      out = out.split(tag).join(sealedImageHtml(sealedId));
    }
    return out;
  }

  /** The body with its sealed images decrypted and uploaded plain again (turning encryption off). */
  async open(body: string): Promise<string> {
    let out = body;
    for (const [tag, id] of Array.from(body.matchAll(sealedImageTag))) {
      let address = this.done.get(id);
      if (!address) {
        let image: OpenedImage;
        try {
          image = await openImage(this.dataKey, id, await fetchSealedImage(id));
        } catch (error) {
          // One that can't be opened stays sealed (it says so where it is shown); the text is not held back.
          if (error instanceof UndecryptableError || (error instanceof ApiError && error.status === 404)) continue;
          throw error;
        }
        address = (await uploadImage(new Blob([image.bytes], { type: image.type }), 'image')).url;
        this.done.set(id, address);
      }
      out = out.split(tag).join(`<img src="${address}">`);
    }
    return out;
  }

  /** Deletes the originals converted by this run, once every record naming them was written. */
  async deleteOriginals(): Promise<void> {
    for (const id of this.done.keys()) await deleteUpload(id).catch(() => false);
  }
}
