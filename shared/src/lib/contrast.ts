/** WCAG's relative luminance of a `#rgb` or `#rrggbb` colour, or null for anything else. */
export function luminanceOf(hex: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two luminances, 1 to 21. */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white, whichever reads better on a colour people chose (a habit's): white on a dark colour, black on
 * a light or mid one such as #22aa66, where white falls short of 4.5:1. Null when the colour is not a hex colour.
 */
export function readableTextOn(hex: string): '#000000' | '#ffffff' | null {
  const background = luminanceOf(hex);
  if (background === null) return null;
  return contrastRatio(background, 1) >= contrastRatio(background, 0) ? '#ffffff' : '#000000';
}
