/**
 * The runtime settings of a deployment (what differs per environment), in one place for the static server and
 * the shell's privacy page. Plain JavaScript, no import: scripts/serve-static.mjs runs it under Node as is, and
 * the shell bundles it (types in runtime-settings.d.mts).
 *
 * - `apiUrl`: the API's address, which the pages read from `/settings.json` at start-up (shared/stores/config.ts);
 * - `analytics`: a Plausible- or Umami-compatible page-view counter (`scriptUrl`, `siteId`), or null: none.
 */

export const defaultApiUrl = 'http://localhost:4000';

function httpUrl(value, what) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what} must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${what} must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  return url;
}

/**
 * The settings from the environment (API_URL, ANALYTICS_SCRIPT_URL, ANALYTICS_SITE_ID) and explicit options
 * (which win), checked: the analytics tag needs both of its settings or neither.
 */
export function runtimeSettings({ apiUrl, analyticsScriptUrl, analyticsSiteId } = {}, env = process.env) {
  const api = apiUrl || env.API_URL || defaultApiUrl;
  httpUrl(api, 'The API URL (API_URL)');
  const scriptUrl = analyticsScriptUrl ?? env.ANALYTICS_SCRIPT_URL ?? '';
  const siteId = analyticsSiteId ?? env.ANALYTICS_SITE_ID ?? '';
  if (Boolean(scriptUrl) !== Boolean(siteId)) {
    throw new Error('The analytics tag needs both ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID, or neither');
  }
  if (scriptUrl) httpUrl(scriptUrl, 'The analytics script (ANALYTICS_SCRIPT_URL)');
  return { apiUrl: api.replace(/\/+$/, ''), analytics: scriptUrl ? { scriptUrl, siteId } : null };
}

/** The origin the analytics script loads from and reports to (Plausible and Umami both send to their own origin). */
export function analyticsOrigin(analytics) {
  return analytics ? new URL(analytics.scriptUrl).origin : null;
}

/** What the privacy page says about analytics: exactly what this deployment runs. */
export function analyticsStatement(analytics) {
  if (!analytics) return 'This site runs no analytics tag: nothing counts or follows your visits.';
  return (
    `We count page visits with a privacy-friendly analytics tag from ${new URL(analytics.scriptUrl).host}. ` +
    'It sets no cookie, stores nothing in your browser and does not follow you across other sites.'
  );
}

function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * The tag, for both kinds of counter: Plausible reads `data-domain`, Umami `data-website-id`. Neither sets a
 * cookie. `defer`, from its own origin: the CSP allows that origin only when the tag is configured.
 */
export function analyticsTag(analytics) {
  const id = escapeHtml(analytics.siteId);
  return `<script defer src="${escapeHtml(analytics.scriptUrl)}" data-domain="${id}" data-website-id="${id}"></script>`;
}

/** The element of the privacy page that carries the statement (shell/src/pages/public/Privacy.tsx). */
export const analyticsStatementElement = /<p id="analytics-statement">[^<]*<\/p>/;

/** A served HTML document with the analytics tag in its head and, on the privacy page, the statement that says so. */
export function withAnalytics(html, analytics) {
  if (!analytics) return html;
  return html
    .replace('</head>', () => `${analyticsTag(analytics)}</head>`)
    .replace(
      analyticsStatementElement,
      () => `<p id="analytics-statement">${escapeHtml(analyticsStatement(analytics))}</p>`,
    );
}
