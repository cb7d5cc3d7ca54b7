import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/helpers';
import { defaultEnv } from '../env';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const app = await createTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a missing or wrong bearer, and answers Prometheus text with requests per route, the queue and the process', async () => {
    const app = await createTestApp({ env: defaultEnv({ METRICS_TOKEN: TOKEN }) });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);

      const user = await signUp(app);
      for (let n = 0; n < 3; n += 1)
        await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${user.token}` } });
      await app.inject({ method: 'GET', url: '/api/uploads/AAAAAAAAAAAAAAAAAAAAAA' });

      const answer = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = answer.body;
      expect(text).toMatch(/^lifeboard_http_requests_total\{method="GET",route="\/api\/user",status="200"\} 3$/m);
      // The route's pattern, not the id asked for.
      expect(text).toMatch(/lifeboard_http_requests_total\{method="GET",route="\/api\/uploads\/:id",status="404"\} 1/);
      expect(text).toMatch(
        /lifeboard_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/user",status="200"\} 3/,
      );
      expect(text).toMatch(/lifeboard_queue_jobs\{kind="mail",state="failed"\} \d+/);
      expect(text).toContain('process_resident_memory_bytes');
      if (process.env.DATABASE_URL) expect(text).toMatch(/lifeboard_db_pool_connections\{state="total"\} \d+/);
    } finally {
      await app.close();
    }
  }, 120_000);
});
