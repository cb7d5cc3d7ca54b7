/**
 * `BENCH_PARTS=encryption`: the costs of end-to-end encryption (shared/src/crypto/README.md) with the same
 * WebCrypto the browser has, in this process: unlocking (PBKDF2-SHA-256, 600,000 iterations), opening one entry,
 * a page of 50, and a device search over 10,000 entries (MiniSearch, its index opened from its sealed copy).
 */
import { performance } from 'node:perf_hooks';
import { createKeyMaterial, unlock } from '@lifeboard/shared/crypto/keys';
import { openRecord, sealRecord } from '@lifeboard/shared/crypto/records';
import { DeviceSearch, listFound } from '@lifeboard/shared/crypto/device-search';
import { describeTarget, median, type Target } from './report';
import { seededRandom } from './seeded-random';

// Seeded, so every run searches the same entries.
const next = seededRandom(42);
const syllables = 'ka lo mi ra te su vo ne pa di sho ber lin tor gam fel wis';
/** 5,000 made-up words; an entry draws them skewed to the first ones, as common words are in real text. */
const vocabulary = Array.from({ length: 5_000 }, () => {
  const parts = syllables.split(' ');
  const count = 2 + Math.floor(next() * 3);
  return Array.from({ length: count }, () => parts[Math.floor(next() * parts.length)]).join('');
});

/** An entry of about `chars` characters of editor HTML. */
function entryText(i: number, chars: number): { title: string; body: string } {
  const word = () => vocabulary[Math.floor(vocabulary.length * next() ** 3)];
  let body = '<p>';
  while (body.length < chars) body += `${word()} `;
  return { title: `Day ${i}: ${word()} ${word()}`, body: `${body}entry${i}</p>` };
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export async function measureEncryption(targets: Target[], log: (line: string) => void): Promise<void> {
  log('\n6. End-to-end encryption of the journal (WebCrypto in Node, this machine)');
  const userId = 1;
  const passphrase = 'a passphrase for the bench';
  const { material, dataKey } = await createKeyMaterial(userId, passphrase);
  const unlocks: number[] = [];
  for (let i = 0; i < 5; i += 1) unlocks.push(await timed(() => unlock(userId, material, { passphrase })));

  const entries = await Promise.all(
    Array.from({ length: 10_000 }, async (_, i) => ({
      id: i + 1,
      board_id: 1,
      date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      ...(await sealRecord(dataKey, 'journal_entry', entryText(i, 1_500))),
    })),
  );
  const opens: number[] = [];
  for (let i = 0; i < 200; i += 1) opens.push(await timed(() => openRecord(dataKey, 'journal_entry', entries[i])));
  const pages: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const page = entries.slice(run * 50, run * 50 + 50);
    pages.push(
      await timed(async () => {
        for (const entry of page) await openRecord(dataKey, 'journal_entry', entry);
      }),
    );
  }

  // The index as a device keeps it: built once from the decrypted entries, sealed, opened at unlock.
  const build = performance.now();
  const index = DeviceSearch.empty();
  const opened = await Promise.all(entries.map((entry) => openRecord(dataKey, 'journal_entry', entry)));
  index.put(
    'journal_entry',
    opened.map((one) => one.record),
  );
  const buildMs = performance.now() - build;
  const shown = new Map(opened.map((one) => [one.record.id, one.record]));
  const sealed = await index.seal(dataKey);
  let reopened = index;
  const openIndexMs = await timed(async () => {
    reopened = await DeviceSearch.unseal(dataKey, sealed);
  });
  const searches: number[] = [];
  let found = 0;
  // As /journal's search box runs it (stores/device-search.ts): the board's matches, listed newest first.
  // A common word, a rarer one, two words, a prefix being typed, one entry's own word.
  const queries = [
    vocabulary[0],
    vocabulary[400],
    `${vocabulary[3]} ${vocabulary[90]}`,
    vocabulary[12].slice(0, 3),
    'entry4242',
  ];
  const hits: number[] = [];
  for (const query of queries) {
    for (let i = 0; i < 10; i += 1)
      searches.push(await timed(() => (found = listFound(reopened.search('journal_entry', query, 1), shown).length)));
    hits.push(found);
  }

  const rows: [string, number, number][] = [
    ['unlock (PBKDF2-SHA-256, 600,000 iterations), median of 5', median(unlocks), 1_500],
    ['open one encrypted entry (~1.5 kB), median of 200', median(opens), 5],
    ['decrypt a page of 50 entries, median of 20', median(pages), 30],
    ['device search over 10,000 encrypted entries, median of 50', median(searches), 50],
  ];
  for (const [label, value, limit] of rows) {
    const target: Target = {
      label: `Encryption: ${label}`,
      value,
      limit,
      kind: 'max',
      format: (v) => `${v.toFixed(2)} ms`,
    };
    targets.push(target);
    log(`  ${label}: ${value.toFixed(2)} ms (${describeTarget(target)})`);
  }
  log(
    `  (index of 10,000: built in ${buildMs.toFixed(0)} ms with their decryption, sealed ${(sealed.length / 1e6).toFixed(1)} MB, opened in ${openIndexMs.toFixed(0)} ms; the 5 searches found ${hits.join(', ')} entries)`,
  );
}
