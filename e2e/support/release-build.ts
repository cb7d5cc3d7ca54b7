import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A release of one area as its team would make one: the area as it is, plus what the spec wants users to see
 * (`extra`: lines of the lifecycles module, run with `props.domElement` after the area mounted, or exports),
 * built on its own into `out` with the remote's own config. No other app is built.
 */
export function buildAreaRelease(options: {
  repoRoot: string;
  app: string;
  area: string;
  port: number;
  work: string;
  out: string;
  afterMount?: string[];
  exports?: string[];
}): Promise<void> {
  const { repoRoot, app, area, port, work, out, afterMount = [], exports = [] } = options;
  mkdirSync(work, { recursive: true });
  const remoteDir = join(repoRoot, app);
  const lifecycles = join(work, 'lifecycles-release.ts');
  writeFileSync(
    lifecycles,
    [
      `import * as area from ${JSON.stringify(join(remoteDir, 'src/lifecycles.tsx'))};`,
      'export const bootstrap = area.bootstrap;',
      'export const unmount = area.unmount;',
      ...(exports.some((line) => line.includes('shellContract'))
        ? []
        : ['export const shellContract = area.shellContract;']),
      ...exports,
      'export async function mount(props: { domElement: HTMLElement }) {',
      '  await area.mount(props as never);',
      ...afterMount.map((line) => `  ${line}`),
      '}',
    ].join('\n'),
  );
  const config = join(work, 'rspack.release.config.ts');
  writeFileSync(
    config,
    [
      `import { remoteConfig } from ${JSON.stringify(join(repoRoot, 'scripts/rspack-common.ts'))};`,
      `const exposes = { './lifecycles': ${JSON.stringify(lifecycles)}, './widgets': './src/widgets.tsx' };`,
      `export default remoteConfig({ dir: ${JSON.stringify(remoteDir)}, port: ${port}, name: ${JSON.stringify(area)}, exposes })`,
      `  .map((part) => ({ ...part, output: { ...part.output, path: ${JSON.stringify(out)} } }));`,
    ].join('\n'),
  );
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const build = spawn('pnpm', ['exec', 'rspack', 'build', '--config', config], {
      cwd: remoteDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    build.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the release build failed (${code}):\n${output.join('')}`)),
    );
  });
}

/** The line a release adds to its area: a note users see, marked `data-release`. */
export function releaseNote(text: string): string[] {
  return [
    "const note = document.createElement('p');",
    "note.setAttribute('data-release', '');",
    `note.textContent = ${JSON.stringify(text)};`,
    'props.domElement.prepend(note);',
  ];
}
