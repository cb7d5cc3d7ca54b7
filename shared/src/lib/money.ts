/** An amount of cents in a currency, as people write it: "29.00 USD", or "Free" for nothing. */
export function formatMoney(cents: unknown, currency: unknown): string {
  if (typeof cents !== 'number') return '';
  return cents === 0
    ? 'Free'
    : `${(cents / 100).toFixed(2)} ${typeof currency === 'string' && currency ? currency : 'USD'}`;
}
