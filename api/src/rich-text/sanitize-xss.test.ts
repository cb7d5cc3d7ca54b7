import { describe, expect, it } from 'vitest';
import { findXssViolations } from '../../test/security/xss-checker';
import { loadXssPayloads } from '../../test/security/xss-payloads';
import { sanitizeRichText } from './sanitize';

const payloads = loadXssPayloads();

describe('every shared XSS vector, sanitized, has nothing left that can run', () => {
  it('reads all 451 vectors', () => {
    expect(payloads.length).toBe(451);
  });

  it.each(payloads.map((payload, index) => [index, payload.kind, payload.source, payload.html] as const))(
    '#%i %s (%s)',
    (_index, _kind, _source, html) => {
      const clean = sanitizeRichText(html);
      expect(findXssViolations(clean), `sanitized to: ${clean}`).toEqual([]);
      // Stored output is sanitized again on every update: it must be a fixed point.
      expect(sanitizeRichText(clean)).toBe(clean);
    },
  );
});
