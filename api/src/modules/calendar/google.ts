import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { CredentialBox } from './credentials';

/*
 * Google Calendar through Google's own libraries (google-auth-library's OAuth2Client, @googleapis/calendar).
 * The tokens are kept sealed in the credentials box; where Google is can be changed (env.ts) so the tests talk
 * to a local stand-in with the same libraries unchanged.
 */

/**
 * Listing the calendars (calendar.readonly) and reading and writing their events (calendar.events): the two-way
 * sync. Nothing else of the account (settings, sharing) is asked for.
 */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

/** How long a consent page may stay open before its answer is refused. */
const STATE_TTL_MS = 10 * 60 * 1000;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The connections screen the browser returns to after Google's consent page. */
  returnUrl: string;
  oauthBaseUrl: string | undefined;
  apiBaseUrl: string | undefined;
}

export interface GoogleDeps {
  db: Db;
  box: CredentialBox;
  /** Null until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  settings: GoogleSettings | null;
}

export function googleDepsOf(db: Db, env: Env): GoogleDeps {
  const settings =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          redirectUri: `${env.PUBLIC_API_URL.replace(/\/+$/, '')}/api/calendar/google/callback`,
          returnUrl: `${env.APP_URL.replace(/\/+$/, '')}/calendar/connections`,
          oauthBaseUrl: env.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, ''),
          apiBaseUrl: env.GOOGLE_API_BASE_URL,
        }
      : null;
  return { db, box: new CredentialBox(env.CALENDAR_CREDENTIALS_KEY), settings };
}

/** What the server still needs before Google can be connected. */
export function googleMissing(env: Env): string[] {
  return [
    ...(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const).filter((name) => !env[name]),
    ...(new CredentialBox(env.CALENDAR_CREDENTIALS_KEY).configured ? [] : ['CALENDAR_CREDENTIALS_KEY']),
  ];
}

export function oauthClient(settings: GoogleSettings): OAuth2Client {
  const base = settings.oauthBaseUrl;
  return new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: settings.redirectUri,
    // An access token can stop working before its expiry (a password change, Google's own limits): a 401 then
    // gets a fresh one with the refresh token and one retry, as an expired one does.
    forceRefreshOnFailure: true,
    ...(base
      ? {
          endpoints: {
            oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
            oauth2TokenUrl: `${base}/token`,
            oauth2RevokeUrl: `${base}/revoke`,
          },
        }
      : {}),
  });
}

export function calendarApi(settings: GoogleSettings, auth: OAuth2Client): calendar_v3.Calendar {
  return calendar({ version: 'v3', auth, ...(settings.apiBaseUrl ? { rootUrl: settings.apiBaseUrl } : {}) });
}

/** The tokens are sealed for their owner: a secret copied onto another account does not open. */
export const tokenContext = (userId: number) => `google:${userId}`;
const stateContext = 'google-oauth-state';

export function sealTokens(box: CredentialBox, userId: number, tokens: Credentials): string {
  return box.seal(
    JSON.stringify({
      refresh_token: tokens.refresh_token ?? null,
      access_token: tokens.access_token ?? null,
      expiry_date: tokens.expiry_date ?? null,
    }),
    tokenContext(userId),
  );
}

export function openTokens(box: CredentialBox, userId: number, sealed: string | null): Credentials | null {
  const text = sealed ? box.open(sealed, tokenContext(userId)) : null;
  if (!text) return null;
  const value = JSON.parse(text) as Credentials;
  return value.refresh_token ? value : null;
}

/**
 * The `state` of a consent request: who asked, until when, sealed with the server's key so it cannot be made
 * or changed elsewhere. Google hands it back unchanged on the callback, which carries no sign-in of its own.
 */
export function makeState(box: CredentialBox, userId: number, now = Date.now()): string {
  return box.seal(
    JSON.stringify({ user: userId, exp: now + STATE_TTL_MS, nonce: randomBytes(8).toString('hex') }),
    stateContext,
  );
}

/** The user a state was made for, or null when it is not one of ours or has expired. */
export function readState(box: CredentialBox, state: string, now = Date.now()): number | null {
  const text = box.open(state, stateContext);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { user?: unknown; exp?: unknown };
    if (typeof value.user !== 'number' || typeof value.exp !== 'number' || value.exp < now) return null;
    return value.user;
  } catch {
    return null;
  }
}

export function consentUrl(settings: GoogleSettings, state: string): string {
  return oauthClient(settings).generateAuthUrl({
    access_type: 'offline',
    // Asked every time, so Google answers a refresh token even to an account that connected before.
    prompt: 'consent',
    scope: GOOGLE_SCOPES,
    include_granted_scopes: true,
    state,
  });
}

/**
 * Ends Lifeboard's grant at Google (revoking the refresh token ends the whole grant), so the account no longer lists
 * Lifeboard among the apps with access. False when there was nothing to revoke or Google could not be told: the
 * caller deletes its copy either way.
 */
export async function revokeGrant(deps: GoogleDeps, userId: number, sealed: string | null): Promise<boolean> {
  const tokens = deps.box.configured ? openTokens(deps.box, userId, sealed) : null;
  if (!tokens?.refresh_token || !deps.settings) return false;
  return oauthClient(deps.settings)
    .revokeToken(tokens.refresh_token)
    .then(
      () => true,
      () => false,
    );
}

/** Why talking to Google failed, in words the person can act on. */
export class GoogleError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'unreachable' | 'server' | 'conflict' | 'gone',
  ) {
    super(message);
  }
}

export const accessRemoved =
  'Google no longer lets Lifeboard read this calendar (the access was removed in the Google account). Disconnect it and connect it again.';

export function explainGoogle(error: unknown): GoogleError {
  if (error instanceof GoogleError) return error;
  const status = (error as { status?: number; response?: { status?: number } }).response?.status;
  const body = (error as { response?: { data?: unknown } }).response?.data;
  const oauthError = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const reason =
    typeof oauthError === 'object' && oauthError !== null
      ? (oauthError as { errors?: { reason?: string }[] }).errors?.[0]?.reason
      : undefined;
  if (status === 403 && reason === 'requiredAccessLevel')
    return new GoogleError(
      'You can only read this Google calendar: make the event on a calendar of your own.',
      'server',
    );
  if (oauthError === 'invalid_grant' || status === 401 || status === 403) return new GoogleError(accessRemoved, 'auth');
  if (oauthError === 'invalid_client')
    return new GoogleError(
      "Google refused this server's OAuth client: whoever runs Lifeboard checks GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
      'server',
    );
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (
    code &&
    ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT', 'UND_ERR_SOCKET'].includes(
      code,
    )
  )
    return new GoogleError('Google could not be reached. Lifeboard tries again later.', 'unreachable');
  return new GoogleError('Google answered something Lifeboard could not use. Lifeboard tries again later.', 'server');
}
