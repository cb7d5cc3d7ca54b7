import { fontSizes } from './editor-constants';

/**
 * Reading the few inline styles the editor writes from a `style` attribute's text. Under the strict CSP
 * a parsed `style` attribute is kept but not applied, so the text is the only reliable source; the
 * read-only view turns these into classes (class rules are stylesheet rules, which the CSP allows).
 */

function declaration(style: string, property: string): string {
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(style);
  return match?.[1].trim().toLowerCase() ?? '';
}

/** Spec §9: one of the editor's font sizes, or ''. */
export function sizeFromStyleText(style: string): string {
  const value = declaration(style, 'font-size');
  const allowed: readonly string[] = fontSizes;
  return allowed.includes(value) ? value : '';
}

/** A paragraph alignment (Quill's align picker), or ''. */
export function alignFromStyleText(style: string): string {
  const value = declaration(style, 'text-align');
  return ['center', 'right', 'justify'].includes(value) ? value : '';
}
