import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { operationIdOf } from './openapi';

interface Lint {
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

let app: FastifyInstance;
let dir: string;
let docFile: string;
let doc: { paths: Record<string, Record<string, { operationId?: string }>> };
beforeAll(async () => {
  app = await createTestApp();
  const body = (await app.inject({ method: 'GET', url: '/api/docs' })).body;
  doc = JSON.parse(body) as typeof doc;
  dir = await mkdtemp(join(tmpdir(), 'lifeboard-openapi-'));
  docFile = join(dir, 'openapi.json');
  await writeFile(docFile, body);
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document, for whoever generates a client from it', () => {
  it('names each operation by its method and path', () => {
    expect(operationIdOf('post', '/api/board/create')).toBe('postBoardCreate');
    expect(operationIdOf('get', '/api/user_data_record/{id}')).toBe('getUserDataRecordById');
    const ids = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
        return operation.operationId;
      }),
    );
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const { stdout } = await promisify(execFile)(
      join('node_modules', '.bin', 'redocly'),
      ['lint', docFile, '--extends=recommended', '--format=json', '--max-problems=1000'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((failure: { stdout: string }) => failure);
    const errors = (JSON.parse(stdout) as Lint).problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('makes a typed client (openapi-typescript) that type-checks', async () => {
    const types = join(dir, 'api.d.ts');
    await writeFile(types, astToString(await openapiTS(pathToFileURL(docFile))));
    // A caller of the generated types: a board made by name answers with that board.
    const client = join(dir, 'client.ts');
    await writeFile(
      client,
      [
        "import type { operations } from './api';",
        "type Create = operations['postBoardCreate'];",
        "export const body: Create['requestBody']['content']['application/json'] = { name: 'Home' };",
        "export function nameOf(answer: Create['responses'][200]['content']['application/json']): string {",
        '  return answer.board.name;',
        '}',
      ].join('\n'),
    );
    const program = ts.createProgram([client], { strict: true, noEmit: true, types: [], lib: ['lib.es2022.d.ts'] });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
