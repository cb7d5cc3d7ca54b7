/**
 * The API for `calendar-perf.ts` with BENCH_TRANSPORT=http: in its own process, listening on loopback, so the
 * client's receiving and parsing of the answers is not the API's work. It times each request itself, from the
 * moment it arrives until its answer is handed to the socket (fastify's onRequest and onResponse), in wall and CPU
 * time, and sends those timings to the runner when it asks (an IPC message), then forgets them. Sends
 * `{ ready: port }` when listening.
 */
import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { openBenchApp } from './in-process';

const started = new WeakMap<FastifyRequest, { at: number; cpu: NodeJS.CpuUsage }>();
let timings: { url: string; wall: number; cpu: number }[] = [];

const site = await openBenchApp('calendar-http', {
  env: { CALENDAR_FETCH_ALLOW_LOOPBACK: 'true', CALENDAR_FETCH_MAX_MB: '20' },
  setup(app) {
    app.addHook('onRequest', async (request) => {
      started.set(request, { at: performance.now(), cpu: process.cpuUsage() });
    });
    app.addHook('onResponse', async (request) => {
      const start = started.get(request);
      if (!start) return;
      const used = process.cpuUsage(start.cpu);
      timings.push({
        url: request.url,
        wall: performance.now() - start.at,
        cpu: (used.user + used.system) / 1000,
      });
    });
  },
});
await site.app.listen({ host: '127.0.0.1', port: 0 });
process.on('message', () => {
  process.send?.({ timings });
  timings = [];
});
process.send?.({ ready: (site.app.server.address() as AddressInfo).port });
process.on('disconnect', () => void site.close().then(() => process.exit(0)));
