// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../../api/src/env';
import { repoRoot } from './common.mjs';
import { nginxTemplateFile, renderNginxTemplate, templateSettings } from './nginx-config.mjs';

/**
 * Issue 30 §4: images can't be built on these machines (no registry), so compose.yaml is checked as text:
 * every service has a health check, the API's services set only settings the API reads (api/src/env.ts), and
 * nginx runs the one configuration file `pnpm production:up` runs (its e2e spec tests it), which is itself what
 * the header table of scripts/serve-static.mjs writes.
 */
interface Service {
  build?: { dockerfile?: string };
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  volumes?: string[];
  profiles?: string[];
  deploy?: { replicas?: number };
  command?: string[];
}
const compose = parse(readFileSync(join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const apiDockerfile = 'deploy/api.Dockerfile';
const apiServices = services.filter(([, service]) => service.build?.dockerfile === apiDockerfile);

describe('compose.yaml', () => {
  it('gives every service a health check', () => {
    expect(services.length).toBeGreaterThanOrEqual(5);
    for (const [name, service] of services) expect(service.healthcheck?.test?.length, name).toBeGreaterThan(1);
    for (const [name, service] of apiServices)
      expect(service.healthcheck?.test?.join(' '), name).toContain('/api/health/ready');
  });

  it('runs two API replicas and one worker from the API image, and MailDev only in the dev profile', () => {
    expect(apiServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
    expect(compose.services.api.deploy?.replicas).toBe(2);
    expect(compose.services.api.environment?.JOB_WORKERS).toBe('off');
    expect(compose.services.worker.command).toContain('dist/worker.js');
    for (const [name, service] of services)
      expect(service.profiles, name).toEqual(name === 'maildev' ? ['dev'] : undefined);
  });

  it('sets on the API only settings the API reads, and states payments, mail, the secret and the database', () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const [name, service] of apiServices) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, `${name} sets settings api/src/env.ts does not read`).toEqual([]);
      for (const key of ['NODE_ENV', 'PAYMENTS_PROVIDER', 'SMTP_URL', 'APP_SECRET', 'DATABASE_URL'])
        expect(service.environment?.[key], `${name} ${key}`).toBeTruthy();
    }
  });

  it("runs nginx with production:up's configuration file, filled with the settings it names", () => {
    const nginx = compose.services.nginx;
    const mounted = (nginx.volumes ?? []).map((volume) => volume.split(':'));
    const template = mounted.find(([, inside]) => inside.startsWith('/etc/nginx/templates/'));
    expect(template && join(repoRoot, template[0])).toBe(nginxTemplateFile);
    expect(Object.keys(nginx.environment ?? {}).sort()).toEqual([...templateSettings].sort());
  });

  it('keeps the nginx file what the header table of `pnpm start` writes (node scripts/production/nginx-config.mjs)', () => {
    expect(readFileSync(nginxTemplateFile, 'utf8')).toBe(renderNginxTemplate());
  });

  it("builds the API's image to run as a user without privileges, checked on /api/health/ready", () => {
    const dockerfile = readFileSync(join(repoRoot, apiDockerfile), 'utf8');
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/\nUSER node\n/);
    expect(final).toMatch(/HEALTHCHECK[^\n]*\\\n[^\n]*\/api\/health\/ready/);
    const site = readFileSync(join(repoRoot, 'deploy/site.Dockerfile'), 'utf8');
    expect(site).toContain('COPY deploy/nginx/lifeboard.conf.template /etc/nginx/templates/lifeboard.conf.template');
  });
});
