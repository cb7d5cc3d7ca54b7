import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface XssPayload {
  html: string;
  kind: string;
  source: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The vectors, a test fixture of the shared package (its README gives their sources). */
export const xssPayloadsPath = path.resolve(repoRoot, 'shared/test-fixtures/xss-payloads.json');

function isPayload(value: unknown): value is XssPayload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.html === 'string' && typeof record.kind === 'string' && typeof record.source === 'string';
}

/** Every payload of the shared file; throws a clear error when the file is missing or malformed. */
export function loadXssPayloads(): XssPayload[] {
  if (!existsSync(xssPayloadsPath)) {
    throw new Error(`XSS payloads not found at ${xssPayloadsPath}`);
  }
  const parsed: unknown = JSON.parse(readFileSync(xssPayloadsPath, 'utf8'));
  const payloads = (parsed as { payloads?: unknown }).payloads;
  if (!Array.isArray(payloads) || payloads.length === 0 || !payloads.every(isPayload)) {
    throw new Error(`${xssPayloadsPath} has no "payloads" array of { html, kind, source }`);
  }
  return payloads;
}
