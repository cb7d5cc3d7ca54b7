/**
 * The style attribute Quill writes (color and background pickers, the §9 pixel sizes, alignment) is
 * rebuilt from declarations whose values match strict patterns; everything else (url(), expression(),
 * comments, escapes, unknown properties) is dropped. Rebuilding, rather than filtering the original
 * text, means nothing the patterns did not see can reach the output.
 */

const channel = String.raw`\s*(?:25[0-5]|2[0-4]\d|1?\d?\d)\s*`;
const alpha = String.raw`\s*(?:0|1|0?\.\d{1,4}|1\.0{1,4})\s*`;
const colorValue = new RegExp(
  String.raw`^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(${channel},${channel},${channel}\)|rgba\(${channel},${channel},${channel},${alpha}\))$`,
);

const allowedDeclarations: Readonly<Record<string, RegExp>> = {
  color: colorValue,
  'background-color': colorValue,
  'text-align': /^(?:left|right|center|justify)$/,
  // spec §9: the editor's font sizes
  'font-size': /^(?:10px|18px|32px)$/,
};

/** The safe part of a style attribute, serialized as browsers do (`prop: value;`), or '' if none. */
export function cleanInlineStyle(style: string): string {
  const kept = new Map<string, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const pattern = Object.hasOwn(allowedDeclarations, property) ? allowedDeclarations[property] : undefined;
    if (pattern?.test(value)) kept.set(property, value);
  }
  return [...kept].map(([property, value]) => `${property}: ${value};`).join(' ');
}
