import { AreaNotFound } from '@lifeboard/shared/ui/AreaNotFound';

const waysBack = [
  { to: '/programs', label: 'Browse programs' },
  { to: '/home', label: 'Home' },
] as const;

/** What this area shows for an address it does not own (the shared panel, with this area's ways back). */
export function NotFound() {
  return <AreaNotFound area="Programs" links={waysBack} />;
}
