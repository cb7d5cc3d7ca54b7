import { $onboarded } from '@lifeboard/shared/stores/board';

/** Where a fresh sign-in goes: onboarding first, then the program being bought, else home. */
export function pathAfterSignIn(programGuid: string | undefined): string {
  if (!$onboarded.get()) return '/onboarding';
  if (programGuid) return `/program-purchase/${encodeURIComponent(programGuid)}`;
  return '/home';
}
