import { describe, expect, it } from 'vitest';
import { composeMail } from './compose';

describe('composeMail', () => {
  it('says the same in text and HTML, with what users typed escaped in the HTML', () => {
    const mail = composeMail({
      to: 'ann@example.com',
      subject: 'Reminder: <b>bins</b>',
      greeting: 'Hello Ann,',
      lines: ['Your reminder “<script>alert(1)</script>”.'],
      action: { label: 'Done', url: 'https://api.example/x?a=1&b=2' },
      links: [{ label: 'Snooze 10 min', url: 'https://api.example/y' }],
      footer: ['Sent by Lifeboard.'],
    });
    expect(mail.text).toBe(
      'Hello Ann,\n\nYour reminder “<script>alert(1)</script>”.\n\nDone: https://api.example/x?a=1&b=2\n\nSnooze 10 min: https://api.example/y\n\nSent by Lifeboard.\n',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('<a href="https://api.example/x?a=1&#38;b=2"');
    expect(mail.html).toContain('>Snooze 10 min</a>');
    expect(mail.subject).toBe('Reminder: <b>bins</b>');
  });
});
