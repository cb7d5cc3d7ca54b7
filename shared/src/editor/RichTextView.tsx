import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { $config } from '@lifeboard/shared/stores/config';
import { $encryption } from '@lifeboard/shared/stores/encryption';
import { sealedImageAttribute } from '../rich-text/policy';
import { sanitizeRichText } from '../rich-text/sanitize-rich-text';
import type { SealedImageSource, SealedImageUrls } from '../rich-text/sealed-images';
import './rich-text.css';
import './rich-text-view.css';

export interface RichTextViewProps {
  /** Stored editor HTML (never trusted: sanitized here). */
  html: string;
  className?: string;
  /** The region's accessible name, when it is a landmark of its own. */
  label?: string;
  /** Where the text's sealed images come from (a shared page's key); by default the signed-in user's own. */
  sealedImages?: SealedImageSource;
}

/** Stored rich text shown for reading: sanitized to the editor's formats, formulas rendered by KaTeX on demand. */
export function RichTextView({ html, className, label, sealedImages }: RichTextViewProps) {
  const { apiUrl } = useStore($config);
  const { dataKey } = useStore($encryption);
  const clean = useMemo(() => sanitizeRichText(html, apiUrl), [html, apiUrl]);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element?.querySelector('span.ql-formula')) return undefined;
    let live = true;
    // KaTeX is loaded only for text that has a formula.
    void import('../rich-text/render-formulas').then(({ renderFormulas }) => {
      if (live) renderFormulas(element);
    });
    return () => {
      live = false;
    };
  }, [clean]);
  useEffect(() => {
    const element = root.current;
    if (!element?.querySelector(`[${sealedImageAttribute}]`)) return undefined;
    let live = true;
    let urls: SealedImageUrls | null = null;
    // The decrypting code loads only for a text with a sealed image; its blob: addresses go when the text does.
    void import('../rich-text/sealed-images').then(({ ownImages, SealedImageUrls: Urls, showSealedImages }) => {
      if (!live) return;
      urls = new Urls(sealedImages ?? ownImages);
      void showSealedImages(element, urls);
    });
    return () => {
      live = false;
      urls?.dispose();
    };
  }, [clean, sealedImages, dataKey]);
  return (
    <div
      ref={root}
      className={`lb-rich-text lb-rich-text-view ${className ?? ''}`}
      aria-label={label}
      role={label ? 'region' : undefined}
      // `clean` is the sanitizer's output: only the editor's tags, attributes and safe addresses remain.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
