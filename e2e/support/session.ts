import type { Page } from 'playwright-core';
import type { SiteInfo } from './site-info';

interface LoginAnswer {
  token: string;
  user: { id: number; role: string };
}

/** Signs in through the API and stores the session as the shell does (token under `auth_token`). */
export async function signInThroughApi(page: Page, site: SiteInfo, credentials = site.demo): Promise<LoginAnswer> {
  const response = await fetch(`${site.apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const answer = (await response.json()) as LoginAnswer;
  await page.goto(`${site.shellUrl}/about`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('lifeboard:user', JSON.stringify(user));
  }, answer);
  return answer;
}
