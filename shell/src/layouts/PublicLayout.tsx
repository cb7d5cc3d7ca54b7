import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { $isSignedIn } from '@lifeboard/shared/stores/session';
// The theme chosen in the account menu applies here too (the store marks <html> as it loads).
import '@lifeboard/shared/stores/theme';
import '@lifeboard/shared/ui/tokens.css';
import './layouts.css';

const footerLinks = [
  ['/about', 'About'],
  ['/overview', 'Overview'],
  ['/pricing', 'Pricing'],
  ['/support', 'Support'],
  ['/service', 'Service'],
  ['/contact', 'Contact'],
  ['/terms', 'Terms'],
  ['/privacy', 'Privacy'],
] as const;

/** The public layout (landing, legal, sign-in and the sign-in-required public pages). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const signedIn = useStore($isSignedIn);
  return (
    <div className="lb-layout lb-layout--public">
      <a className="lb-skip-link" href="#main">
        Skip to content
      </a>
      <header className="lb-header">
        <Link to="/" className="lb-brand">
          Lifeboard
        </Link>
        <nav className="lb-nav lb-nav--inline" aria-label="Site">
          <Link to="/pricing" className="lb-nav__link">
            Pricing
          </Link>
          <Link to="/about" className="lb-nav__link">
            About
          </Link>
          {signedIn ? (
            <Link to="/home" className="lb-nav__link">
              Open Lifeboard
            </Link>
          ) : (
            <>
              <Link to="/login" className="lb-nav__link">
                Sign in
              </Link>
              <Link to="/sign-up" className="lb-nav__link lb-nav__link--primary">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </header>
      <main className="lb-main" id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="lb-footer">
        {footerLinks.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </footer>
    </div>
  );
}
