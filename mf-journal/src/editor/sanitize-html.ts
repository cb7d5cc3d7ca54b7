/**
 * The editor's read-only view sanitizes with the one browser sanitizer of rich text (DOMPurify reading the
 * shared policy); this name stays for the view and its tests.
 */
export { sanitizeRichText as sanitizeHtml } from '../shared-pages/sanitize-rich-text';
