import { useState } from 'react';
import { uploadUrl } from '../api/uploads';
import './tokens.css';
import './program-cover.css';

export interface ProgramCoverProps {
  /** The cover's upload id; none: nothing is shown. */
  cover: string | null | undefined;
  title: string;
  /** The creator's description of the cover; empty: the title names it. */
  alt?: string | null;
  /** `card`: beside a program in a list; `page`: on top of the program's own page. */
  size?: 'card' | 'page';
}

/** What a screen reader says for a cover: the creator's description, else the program's title. */
export function coverAlt(title: string, alt?: string | null): string {
  return alt?.trim() || `Cover of “${title}”`;
}

/**
 * A program's cover image, the same on every page that shows programs. A program without one shows nothing, and
 * an image that cannot load (deleted, offline) is taken away rather than shown broken.
 */
export function ProgramCover({ cover, title, alt, size = 'card' }: ProgramCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!cover || failed === cover) return null;
  return (
    <img
      className={`lb-program-cover lb-program-cover--${size}`}
      src={uploadUrl(cover)}
      alt={coverAlt(title, alt)}
      // 16:9 reserved up front: the text around it does not jump when the image arrives.
      width={size === 'page' ? 960 : 320}
      height={size === 'page' ? 540 : 180}
      loading={size === 'page' ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(cover)}
    />
  );
}
