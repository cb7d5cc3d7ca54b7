import { useSiteConfig } from '@lifeboard/shared/api/site';
import './layouts.css';

/** On every page while the site takes test payments (PAYMENTS_PROVIDER=test), so nobody mistakes them for real. */
export function TestModeRibbon() {
  const config = useSiteConfig();
  if (config?.payments !== 'test') return null;
  return (
    <div className="lb-test-ribbon" role="note">
      Test mode: payments are not real
    </div>
  );
}
