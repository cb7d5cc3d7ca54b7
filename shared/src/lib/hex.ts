const hexDigits = /^[0-9a-fA-F]*$/;

/**
 * Hex text to bytes (spec §5): warns on odd length or non-hex characters rather than throwing,
 * because the encryption helpers that call it report failures themselves. A trailing odd digit is
 * dropped and a pair with a non-hex character becomes 0.
 */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) console.warn(`hexToBytes: odd length (${hex.length}); the last digit is ignored`);
  if (!hexDigits.test(hex)) console.warn('hexToBytes: the text has non-hex characters');
  const bytes = new Uint8Array(Math.floor(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) {
    const pair = hex.slice(i * 2, i * 2 + 2);
    bytes[i] = hexDigits.test(pair) ? parseInt(pair, 16) : 0;
  }
  return bytes;
}
