#!/usr/bin/env node
/**
 * The nginx configuration of a deployment, written from the one table of headers `pnpm start` serves with
 * (scripts/serve-static.mjs: its CSP, nosniff, referrer policy, frame denial, CORS of the remotes, caching), so
 * both serve the same. `node scripts/production/nginx-config.mjs` writes deploy/nginx/lifeboard.conf.template;
 * a test checks the file is what this writes. `pnpm production:up` and compose.yaml both use that one file.
 *
 * It is an http-level snippet with five settings, `${NAME}` as nginx's Docker image fills templates (envsubst,
 * defined variables only, so nginx's own `$uri` stay):
 * - LIFEBOARD_LISTEN: `127.0.0.1:8080`, or `8080` in a container;
 * - LIFEBOARD_API_SERVERS: the upstream's `server …;` lines (two processes, or one name that resolves to each replica);
 * - LIFEBOARD_SITE_ROOT: the shell's built dist/;
 * - LIFEBOARD_AREAS_ROOT: a folder with `remotes/<app>/` (each remote's build) and `releases/` (dist-releases:
 *   the versions `pnpm deploy:remote` made, and the live remotes.json);
 * - LIFEBOARD_MAX_BODY: the largest request body (an image upload is at most 10 MB).
 * Same origin for everything: the remotes at /remotes/<app>/, the API at /api/, so the policy is 'self' only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, hashedAsset, staticHeaders } from '../serve-static.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const nginxTemplateFile = join(repoRoot, 'deploy/nginx/lifeboard.conf.template');
export const templateSettings = [
  'LIFEBOARD_LISTEN',
  'LIFEBOARD_API_SERVERS',
  'LIFEBOARD_SITE_ROOT',
  'LIFEBOARD_AREAS_ROOT',
  'LIFEBOARD_MAX_BODY',
];

/** A header value in nginx's double quotes (the policy holds single ones); `$` would be read as a variable. */
function quote(value) {
  if (/["$\\]/.test(value)) throw new Error(`a header value nginx would misread: ${value}`);
  return `"${value}"`;
}

function headerLines(headers, indent) {
  // `always`: the same headers on errors too, as the Node server sends them on its 404s.
  return Object.entries(headers).map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`);
}

/** The rspack-common.ts hashed names as an nginx regex (the same pattern, written for PCRE). */
// Quoted: nginx would read the braces of `{8,}` as a block.
const hashedPattern = hashedAsset.source;

/** The template's text. */
export function renderNginxTemplate() {
  const csp = contentSecurityPolicy({}, undefined, null);
  const { all, shellDocument, remote, cache } = staticHeaders;
  const shellFile = (cacheControl, indent) => headerLines({ 'Cache-Control': cacheControl, ...all }, indent);
  const document = (indent) =>
    headerLines({ 'Cache-Control': cache.other, ...all, 'Content-Security-Policy': csp, ...shellDocument }, indent);
  const area = (cacheControl, indent) => headerLines({ 'Cache-Control': cacheControl, ...all, ...remote }, indent);
  const lines = [
    '# Lifeboard behind nginx: written by scripts/production/nginx-config.mjs from the header table of',
    '# scripts/serve-static.mjs (do not edit by hand). Used as is by `pnpm production:up` and compose.yaml.',
    '',
    'upstream lifeboard_api {',
    '    ${LIFEBOARD_API_SERVERS}',
    '    keepalive 16;',
    '}',
    '',
    'server {',
    '    listen ${LIFEBOARD_LISTEN};',
    '    server_name _;',
    '    root ${LIFEBOARD_SITE_ROOT};',
    '    server_tokens off;',
    '    charset utf-8;',
    '    client_max_body_size ${LIFEBOARD_MAX_BODY};',
    '    # The builds write a .gz beside each text file: sent as is to a browser that accepts gzip.',
    '    gzip_static on;',
    '    gzip_vary on;',
    '    etag on;',
    '',
    '    # The API processes. A refused connection or a timeout moves an idempotent request (GET, HEAD, PUT,',
    '    # DELETE…) to the next process; a POST or PATCH is never sent twice (no non_idempotent).',
    '    location ^~ /api/ {',
    '        proxy_pass http://lifeboard_api;',
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    '        proxy_set_header Host $host;',
    '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
    '        proxy_next_upstream error timeout;',
    '        proxy_next_upstream_tries 2;',
    '        proxy_next_upstream_timeout 10s;',
    '        proxy_connect_timeout 2s;',
    '        proxy_read_timeout 120s;',
    '    }',
    '',
    '    # The runtime settings: the API is this same origin.',
    '    location = /settings.json {',
    '        default_type "application/json; charset=utf-8";',
    ...shellFile(cache.other, '        '),
    `        return 200 '{"apiUrl":"$scheme://$http_host","analytics":null}';`,
    '    }',
    '',
    '    # Which build of each area the site runs: rewritten (atomically) by `pnpm deploy:remote`.',
    '    location = /remotes.json {',
    '        root ${LIFEBOARD_AREAS_ROOT}/releases;',
    ...shellFile(cache.other, '        '),
    '    }',
    '',
    '    # Each area: the build `production:up` made (/remotes/<app>/) and the versions deployed since (/releases/).',
    '    location ^~ /remotes/ {',
    '        root ${LIFEBOARD_AREAS_ROOT};',
    ...area(cache.other, '        '),
    `        location ~ "${hashedPattern}" {`,
    ...area(cache.hashed, '            '),
    '        }',
    '    }',
    '    location ^~ /releases/ {',
    '        root ${LIFEBOARD_AREAS_ROOT};',
    ...area(cache.other, '        '),
    `        location ~ "${hashedPattern}" {`,
    ...area(cache.hashed, '            '),
    '        }',
    '    }',
    '',
    '    # The shell: hashed files for a year, other files asked again, HTML with the policy.',
    `    location ~ "${hashedPattern}" {`,
    ...shellFile(cache.hashed, '        '),
    '    }',
    '    location ~ \\.html$ {',
    ...document('        '),
    '    }',
    '    location ~ \\.[A-Za-z0-9]+$ {',
    ...shellFile(cache.other, '        '),
    '    }',
    '    # Every app path: its prerendered public page when there is one, else the app.',
    '    location = / {',
    ...document('        '),
    '        try_files /prerendered/index.html /index.html;',
    '    }',
    '    location / {',
    ...document('        '),
    '        try_files /prerendered$uri.html /index.html;',
    '    }',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** The template with its settings filled in, as nginx's image does: every `${NAME}` must be given. */
export function fillNginxTemplate(template, settings) {
  return template.replace(/\$\{(LIFEBOARD_[A-Z_]+)\}/g, (_match, name) => {
    if (!(name in settings)) throw new Error(`the nginx template needs ${name}`);
    return settings[name];
  });
}

export function readNginxTemplate() {
  return readFileSync(nginxTemplateFile, 'utf8');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(nginxTemplateFile, renderNginxTemplate());
  console.log(`wrote ${nginxTemplateFile}`);
}
