import type { ReactNode } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { AreaLink } from './AreaLink';
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
      <main className="lb-main" id="main">
        {children}
      </main>
    </div>
  );
}
