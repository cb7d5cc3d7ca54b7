import { z } from 'zod';

// In the browser the site runs under a CSP without 'unsafe-eval'. Zod 4 probes `new Function` to decide whether to
// compile parsers, and the probe alone reports a violation; jitless mode never probes. Every module of `shared`
// takes zod from here so each bundle's copy is configured before its first parse. The API keeps the compiled path.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
