/** Types for runtime-settings.mjs (plain JavaScript, run by Node and bundled by the shell). */
export interface AnalyticsSettings {
  scriptUrl: string;
  siteId: string;
}

export interface RuntimeSettings {
  apiUrl: string;
  analytics: AnalyticsSettings | null;
}

export const defaultApiUrl: string;
export function runtimeSettings(
  options?: { apiUrl?: string; analyticsScriptUrl?: string; analyticsSiteId?: string },
  env?: Record<string, string | undefined>,
): RuntimeSettings;
export function analyticsOrigin(analytics: AnalyticsSettings | null): string | null;
export function analyticsStatement(analytics: AnalyticsSettings | null): string;
export function analyticsTag(analytics: AnalyticsSettings): string;
export const analyticsStatementElement: RegExp;
export function withAnalytics(html: string, analytics: AnalyticsSettings | null): string;
