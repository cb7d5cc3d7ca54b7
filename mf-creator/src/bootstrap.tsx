import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandalonePage } from '@lifeboard/shared/area/standalone';
import { Root } from './root';

/** The team's own dev page (`pnpm dev`, http://localhost:3004): this area alone, signed in against a local API. */
const container = document.getElementById('root');
if (!container) throw new Error('The standalone page has no #root element');
createRoot(container).render(
  <StrictMode>
    <StandalonePage areaName="Creator" startPath="/programs">
      <Root />
    </StandalonePage>
  </StrictMode>,
);
