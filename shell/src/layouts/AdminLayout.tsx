import type { ReactNode } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { AreaLink } from './AreaLink';
// The theme chosen in the account menu applies here too (the store marks <html> as it loads).
import '@lifeboard/shared/stores/theme';
import '@lifeboard/shared/ui/tokens.css';
import './layouts.css';

const adminLinks = [
  ['/admin', 'Overview'],
  ['/admin/users', 'Users'],
  ['/admin/programs', 'Programs'],
  ['/admin/payments', 'Payments'],
  ['/admin/authors', 'Authors'],
  ['/admin/ai-models', 'AI models'],
  ['/admin/ai-model-testing', 'AI model testing'],
  ['/admin/queue', 'Job queue'],
  ['/admin/audit', 'Audit log'],
] as const;

/** The admin layout: only signed-in admins reach it (the guard shows others "not allowed"). */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="lb-layout lb-layout--admin">
      <a className="lb-skip-link" href="#main">
        Skip to content
      </a>
      <header className="lb-header">
        <Link to="/admin" className="lb-brand">
          Lifeboard Admin
        </Link>
        <Link to="/home" className="lb-nav__link">
          Back to the app
        </Link>
      </header>
      <nav className="lb-nav" aria-label="Admin">
        {adminLinks.map(([to, label]) => (
          <AreaLink key={to} to={to} area="mf_admin">
            {label}
          </AreaLink>
        ))}
      </nav>
      <main className="lb-main" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
