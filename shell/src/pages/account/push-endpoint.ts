/**
 * Where this browser keeps the push endpoint it last gave the server. Its own tiny module: the start-up code reads
 * it to decide whether to load the push check at all (push-browser.ts), and stays free of that code.
 */
export const PUSH_ENDPOINT_KEY = 'lifeboard.push-endpoint';

/** The service worker the shell serves (shell/public/sw.js), for push and offline use; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
