/**
 * The models whose title and body are encrypted, and those fields: apart from the crypto code, which the browser
 * loads only when a key or a sealed record is handled (stores/encryption.ts).
 */
export const encryptedFields = {
  journal_entry: ['title', 'body'],
  note: ['title', 'body'],
} as const satisfies Record<string, readonly string[]>;

export type EncryptableModel = keyof typeof encryptedFields;
