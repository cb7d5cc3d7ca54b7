import { ApiError } from '@lifeboard/shared/api/errors';
import { uploadImage } from '@lifeboard/shared/api/uploads';
import { CryptoAlert, cryptoAlerts, UndecryptableError } from '@lifeboard/shared/crypto/keys';
import { imageExtension, imageTypeOfName } from '@lifeboard/shared/rich-text/image-upload';
import { sealedImageHtml, sealedImageTag } from '@lifeboard/shared/rich-text/policy';
import type { SealedImageSource } from '@lifeboard/shared/rich-text/sealed-images';
import { encryptionState } from '@lifeboard/shared/stores/encryption';
import type { ExportFile } from './export-format';

/**
 * Images in an export (shared/src/crypto/README.md, "Images"): a sealed image is decrypted here and goes into the
 * zip as `images/<id>.<ext>`, the body naming it by that relative path; an import uploads each such file once,
 * sealed while encryption is on, and gives the body back the reference the editor writes. The crypto code loads
 * only when a body holds a sealed image.
 */

export const imagesFolder = 'images/';

/** An image named by its path in the zip, as an export writes it. */
const zipImageTag = /<img\b[^>]*?\bsrc="images\/([^"/\\]{1,100})"[^>]*>/g;
const safeImageName = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

const bodies = (file: ExportFile) => [...file.journal_entries, ...file.notes];

/** The relative image tag an exported body holds (the JSON keeps HTML, the Markdown `![](…)`). */
const zipImageHtml = (name: string, folder = imagesFolder) => `<img src="${folder}${name}">`;

export interface ExportedImages {
  /** The file with each exported image named by its path in the zip. */
  file: ExportFile;
  /** Path in the zip → the image's bytes (decrypted). */
  images: Record<string, Uint8Array>;
  /** Sealed images no longer on the server: their references stay as they were. */
  missing: number;
}

/**
 * Opens the sealed images the file's bodies name (each once) and names them by their file in the zip. A locked
 * journal stops the export with the alert, as for text; an image that fails to open stops it too, rather than
 * leave a picture out unsaid.
 */
export async function exportSealedImages(file: ExportFile, source?: SealedImageSource): Promise<ExportedImages> {
  const ids = [
    ...new Set(bodies(file).flatMap((record) => Array.from(record.body.matchAll(sealedImageTag), (m) => m[1]))),
  ];
  if (!ids.length) return { file, images: {}, missing: 0 };
  const open = source ?? (await import('@lifeboard/shared/rich-text/sealed-images')).ownImages;
  const names = new Map<string, string>();
  const images: Record<string, Uint8Array> = {};
  let missing = 0;
  for (const id of ids) {
    try {
      const image = await open.open(id);
      const name = `${id}.${imageExtension(image.type)}`;
      names.set(id, name);
      images[`${imagesFolder}${name}`] = image.bytes;
    } catch (error) {
      if (error instanceof CryptoAlert) throw new ApiError(cryptoAlerts.noDecryptKey, 0);
      if (error instanceof UndecryptableError)
        throw new ApiError("An image in your journal can't be decrypted, so it cannot be exported", 0);
      // Deleted since it was put in: there is nothing of it to export, and its text is not held back.
      if (error instanceof ApiError && error.status === 404) {
        missing++;
        continue;
      }
      throw error;
    }
  }
  const rewrite = (body: string) =>
    body.replace(sealedImageTag, (tag, id: string) => {
      const name = names.get(id);
      return name ? zipImageHtml(name) : tag;
    });
  return {
    file: {
      ...file,
      journal_entries: file.journal_entries.map((entry) => ({ ...entry, body: rewrite(entry.body) })),
      notes: file.notes.map((note) => ({ ...note, body: rewrite(note.body) })),
    },
    images,
    missing,
  };
}

/**
 * A body's zip images in the stored sealed form (kept by the rich-text sanitizer, which drops relative addresses),
 * and back: the Markdown is made from the sanitized body, so its images go through the sanitizer as sealed ones.
 */
export function zipImagesAsSealed(body: string): { body: string; restore: (html: string, folder: string) => string } {
  const names = new Map<string, string>();
  const sealed = body.replace(zipImageTag, (tag, name: string) => {
    const id = /^([A-Za-z0-9_-]{22})\.[a-z0-9.-]+$/.exec(name)?.[1];
    if (!id) return tag;
    names.set(id, name);
    return sealedImageHtml(id);
  });
  return {
    body: sealed,
    restore: (html, folder) =>
      html.replace(sealedImageTag, (tag, id: string) => {
        const name = names.get(id);
        return name ? zipImageHtml(name, folder) : tag;
      }),
  };
}

/** The image files the file's bodies name (each once, without the folder). */
export function zipImageNames(file: ExportFile): string[] {
  return [...new Set(bodies(file).flatMap((record) => Array.from(record.body.matchAll(zipImageTag), (m) => m[1])))];
}

/**
 * What is wrong with the images the file names, given the images its zip holds (none for a JSON file alone): each
 * must be there and be an image the site takes. An empty list when all are fine.
 */
export function zipImageProblems(
  file: ExportFile,
  images: ReadonlyMap<string, Uint8Array>,
  fromZip: boolean,
): string[] {
  const problems: string[] = [];
  for (const name of zipImageNames(file)) {
    const path = `${imagesFolder}${name}`;
    if (!safeImageName.test(name) || !imageTypeOfName(name))
      problems.push(`${path} is not an image Lifeboard takes (PNG, GIF, JPEG, BMP, ICO or WebP).`);
    else if (!images.has(path))
      problems.push(
        fromZip
          ? `${path} is named in an entry or note but is not in the zip.`
          : `${path} is named in an entry or note but is not in this file: import the .zip made by Export, which holds the images.`,
      );
  }
  return problems;
}

/**
 * Uploads the zip's images as an import needs them, each once: sealed with the data key while encryption is on,
 * plain otherwise, as the editor does. A locked journal refuses before anything is uploaded.
 */
export class ImageImport {
  private readonly done = new Map<string, string>();
  private sealed: boolean | null = null;

  constructor(private readonly images: ReadonlyMap<string, Uint8Array>) {}

  /** Whether the bodies' images will be sealed; a `CryptoAlert` while encryption is on and locked. */
  async prepare(): Promise<void> {
    const state = await encryptionState();
    this.sealed = state.material?.state === 'on';
    if (this.sealed && !state.dataKey) throw new CryptoAlert('noEncryptKey');
  }

  /** The body with each zip image uploaded (once per import) and named as the editor names it. */
  async rewrite(body: string): Promise<string> {
    const names = Array.from(body.matchAll(zipImageTag), (m) => m[1]);
    if (!names.length) return body;
    if (this.sealed === null) await this.prepare();
    for (const name of names) {
      if (this.done.has(name)) continue;
      const bytes = this.images.get(`${imagesFolder}${name}`);
      const type = imageTypeOfName(name);
      // Checked when the file was read; here only for a caller that skipped it.
      if (!bytes || !type) throw new ApiError(`${imagesFolder}${name} is not in the zip`, 0);
      const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
      if (this.sealed) {
        const { uploadOwnSealedImage } = await import('@lifeboard/shared/rich-text/sealed-images');
        this.done.set(name, sealedImageHtml(await uploadOwnSealedImage(blob)));
      } else {
        this.done.set(name, `<img src="${(await uploadImage(blob, name)).url}">`);
      }
    }
    return body.replace(zipImageTag, (tag, name: string) => this.done.get(name) ?? tag);
  }
}
