import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '@lifeboard/shared/lib/after-paint';
import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { $isSignedIn } from '@lifeboard/shared/stores/session';
import { OfflineBanner } from '../layouts/OfflineBanner';
import { Toasts } from '../layouts/Toasts';
import { ShellView } from './ShellView';

// Only signed-in pages take payments; it asks the API (and so loads the HTTP client), which a signed-out first
// load goes without. The prerendered public pages never showed it.
const TestModeRibbon = lazy(() =>
  import('../layouts/TestModeRibbon').then((module) => ({ default: module.TestModeRibbon })),
);

/** The ribbon's code and its question to the API once the first page is painted: neither delays that page. */
function TestModeRibbonAfterPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? (
    <Suspense fallback={null}>
      <TestModeRibbon />
    </Suspense>
  ) : null;
}

export function App() {
  const signedIn = useStore($isSignedIn);
  return (
    <BrowserRouter>
      {signedIn && <TestModeRibbonAfterPaint />}
      <OfflineBanner />
      <ShellView />
      <Toasts early={signedIn} />
    </BrowserRouter>
  );
}
