/**
 * A Quill formula keeps its KaTeX source in `data-value`. That source is text, but Quill 2.0.3's
 * `getSemanticHTML()` pastes it into markup unescaped and KaTeX's `\href`/`\url`/`\html…` commands emit
 * links and attributes, so the source we store carries neither angle brackets nor those commands.
 */

const linkingCommands = /\\(?:href|url|includegraphics|html[A-Za-z]*)(?![A-Za-z])/g;

/** KaTeX source with no HTML and no linking commands; `a < b` stays meaningful as `a \lt b`. */
export function neutralizeFormulaSource(source: string): string {
  // A removed command is always followed by a non-letter, so removal cannot join two halves into a new one.
  return source.replace(/</g, '\\lt ').replace(/>/g, '\\gt ').replace(linkingCommands, '');
}
