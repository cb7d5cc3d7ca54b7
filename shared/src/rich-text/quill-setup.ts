import katex from 'katex';
import Quill from 'quill';
import Formula from 'quill/formats/formula.js';
import Image from 'quill/formats/image.js';
import Link from 'quill/formats/link.js';
import { SizeStyle } from 'quill/formats/size.js';
import Video from 'quill/formats/video.js';
import 'quill/dist/quill.snow.css';
import 'katex/dist/katex.min.css';
import { blankAddress, fontSizes, linkProtocols, videoHosts } from './editor-constants';
import {
  linkRel,
  normalizeUrl,
  safeSealedImageId,
  sealedImageAttribute,
  sealedImageClass,
  sealedImageHtml,
  sizeFromStyleText,
} from './policy';

/**
 * Quill as this app uses it: registered once, on the first import of the editor's chunk (so the journal
 * list never pays for Quill or KaTeX). Everything here fixes Quill 2.0.3 defaults to the spec or closes
 * one of its holes; it is the single place where Quill is configured.
 */

// Quill's formula format renders with `window.katex`; set from the module, never from a global <script>.
Object.assign(window, { katex });

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Spec §5: http, https, mailto and tel only (Quill 2 also allows sms); others become a blank address. */
export class SafeLink extends Link {
  static override PROTOCOL_WHITELIST = [...linkProtocols];
  static override SANITIZED_URL = blankAddress;

  static override create(value: string): HTMLElement {
    const node = super.create(value);
    // The policy's rel (with nofollow), so what the editor writes is what the sanitizers keep.
    node.setAttribute('rel', linkRel);
    return node;
  }

  static override sanitize(url: string): string {
    // Unicode spaces too (a leading NBSP once hid a `javascript:` from the scheme check).
    const trimmed = normalizeUrl(url);
    // A bare "example.com" typed in the link box means the web site, not a path on this app.
    const withScheme =
      /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^[/#?]/.test(trimmed) || !/^[^\s/]+\.[^\s/]+/.test(trimmed)
        ? trimmed
        : `https://${trimmed}`;
    return super.sanitize(withScheme);
  }
}

/** A video frame only from a known player over https; anything else becomes a blank frame. */
export function sanitizeVideoUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    const hosts: readonly string[] = videoHosts;
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password && hosts.includes(parsed.hostname)
      ? parsed.href
      : blankAddress;
  } catch {
    return blankAddress;
  }
}

/**
 * Quill 2.0.3's `html()` for videos pastes the address unescaped into an `<a>` (an XSS in exported HTML)
 * and loses the frame; ours writes the frame as the editor shows it, escaped, so it also reloads as a video.
 */
export class SafeVideo extends Video {
  static override sanitize(url: string): string {
    return sanitizeVideoUrl(url);
  }

  override html(): string {
    const src = this.domNode instanceof Element ? (this.domNode.getAttribute('src') ?? '') : '';
    return `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${escapeAttribute(sanitizeVideoUrl(src))}"></iframe>`;
  }
}

/**
 * Quill 2.0.3's `html()` for formulas pastes the KaTeX source unescaped into a `<span>` (an XSS) and loses
 * the formula; ours keeps the source escaped in `data-value`, which is how the editor reads it back.
 */
export class SafeFormula extends Formula {
  override html(): string {
    const source = this.domNode instanceof Element ? (this.domNode.getAttribute('data-value') ?? '') : '';
    return `<span class="ql-formula" data-value="${escapeAttribute(source)}"></span>`;
  }
}

/**
 * An encrypted entry's image: its value is the sealed upload's id, never an address. The element gets a `blob:`
 * address from the editor once decrypted (RichTextEditor), but what is stored is only the reference.
 */
export class SealedImage extends Image {
  static override blotName = 'sealed-image';
  // Matched by this class before Image's tag (Parchment looks classes up first), so plain images stay Images.
  static override className = sealedImageClass;

  static override create(value: string): HTMLElement {
    const node = super.create('') as HTMLElement;
    node.removeAttribute('src');
    node.setAttribute(sealedImageAttribute, safeSealedImageId(value) ?? '');
    return node;
  }

  static override match(): boolean {
    return false;
  }

  static override value(domNode: HTMLElement): string {
    return domNode.getAttribute(sealedImageAttribute) ?? '';
  }

  html(): string {
    const id =
      this.domNode instanceof Element ? safeSealedImageId(this.domNode.getAttribute(sealedImageAttribute)) : null;
    return id ? sealedImageHtml(id) : '';
  }
}

let registered = false;

/** Registers our formats over Quill's (idempotent). */
export function setUpQuill(): typeof Quill {
  if (registered) return Quill;
  registered = true;
  // Spec §9: sizes as inline styles, only the three sizes. Quill applies them through CSSOM, which the
  // strict CSP allows; but HTML it parses (reopening a saved entry, pasting) keeps a blocked `style`
  // attribute's text without applying it, so the size is read back from that text when needed.
  SizeStyle.whitelist = [...fontSizes];
  const readApplied = SizeStyle.value.bind(SizeStyle);
  SizeStyle.value = (node: HTMLElement): string => {
    const applied: unknown = readApplied(node);
    return typeof applied === 'string' && applied ? applied : sizeFromStyleText(node.getAttribute('style') ?? '');
  };
  Quill.register(
    {
      'attributors/style/size': SizeStyle,
      'formats/size': SizeStyle,
      'formats/link': SafeLink,
      'formats/video': SafeVideo,
      'formats/formula': SafeFormula,
      'formats/sealed-image': SealedImage,
    },
    true,
  );
  return Quill;
}

/**
 * The HTML to store: Quill's semantic HTML, whose text has every space as `&nbsp;` (Quill 2.0.3). A lone
 * one becomes a plain space again (so text wraps and the full-text index sees words); a run keeps its
 * width with non-breaking spaces and ends in a plain one.
 */
export function storedHtml(semanticHtml: string): string {
  return semanticHtml.replace(/(?:&nbsp;)+/g, (run) => `${'&nbsp;'.repeat(run.length / 6 - 1)} `);
}
