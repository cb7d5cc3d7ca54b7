// Sends large JSON bodies from its own process, so the test's measurement of the API is not slowed by the senders.
// Usage: node body-flood.mjs '<json: { base, ms, clients, attacks: [{ url, shape, bytes, token? }] }>'
// Prints one line of JSON: every answer's status (0 when the server closed the connection while the body was sent).

const { base, ms, clients, attacks } = JSON.parse(process.argv[2]);

const shapes = {
  flat: (bytes) => `[${'1,'.repeat(Math.floor((bytes - 3) / 2))}1]`.padEnd(bytes, ' '),
  nested: (bytes) => '['.repeat(Math.floor(bytes / 2)) + ']'.repeat(Math.floor(bytes / 2)),
  unclosed: (bytes) => '['.repeat(bytes),
};

const prepared = attacks.map((attack) => ({
  url: base + attack.url,
  headers: {
    'content-type': 'application/json',
    ...(attack.token ? { authorization: `Bearer ${attack.token}` } : {}),
  },
  body: Buffer.from(shapes[attack.shape](attack.bytes)),
}));

const statuses = [];
const end = Date.now() + ms;
async function client(offset) {
  for (let turn = offset; Date.now() < end; turn += 1) {
    const attack = prepared[turn % prepared.length];
    try {
      const response = await fetch(attack.url, { method: 'POST', headers: attack.headers, body: attack.body });
      await response.arrayBuffer();
      statuses.push(response.status);
    } catch {
      statuses.push(0);
    }
  }
}

process.stdout.write('ready\n');
await Promise.all(Array.from({ length: clients }, (_, index) => client(index * 3)));
process.stdout.write(`${JSON.stringify({ statuses })}\n`);
