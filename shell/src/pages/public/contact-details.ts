/** Where people reach us. There is no contact endpoint: the pages show the address and a mailto link. */
export const supportEmail = 'support@lifeboard.app';

export function mailtoLink(subject: string, body = ''): string {
  const query = new URLSearchParams({ subject, ...(body ? { body } : {}) }).toString().replace(/\+/g, '%20');
  return `mailto:${supportEmail}?${query}`;
}
