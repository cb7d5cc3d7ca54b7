import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { $config } from '@lifeboard/shared/stores/config';
import { sanitizeRichText } from './sanitize-rich-text';
import './rich-text.css';

export interface SanitizedRichTextProps {
  html: string;
  className?: string;
}

/** Editor HTML shown read-only: sanitized to the editor's formats, formulas rendered by KaTeX when present. */
export function SanitizedRichText({ html, className }: SanitizedRichTextProps) {
  const { apiUrl } = useStore($config);
  const clean = useMemo(() => sanitizeRichText(html, apiUrl), [html, apiUrl]);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || !element.querySelector('span.ql-formula')) return undefined;
    let live = true;
    void import('./render-formulas').then(({ renderFormulas }) => {
      if (live) renderFormulas(element);
    });
    return () => { live = false; };
  }, [clean]);
  // `clean` comes out of the sanitizer above: only the allow-listed tags, attributes and addresses remain.
  return <div ref={root} className={`lb-rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
