import { AreaNotFound } from '@lifeboard/shared/ui/AreaNotFound';

const waysBack = [
  { to: '/admin', label: 'Administration' },
  { to: '/admin/programs', label: 'Programs' },
  { to: '/admin/users', label: 'Users' },
] as const;

/** What this area shows for an address it does not own (the shared panel, with this area's ways back). */
export function NotFound() {
  return <AreaNotFound area="Administration" links={waysBack} />;
}
