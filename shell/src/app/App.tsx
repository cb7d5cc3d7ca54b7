import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
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

export function App() {
  const signedIn = useStore($isSignedIn);
  return (
    <BrowserRouter>
      {signedIn && (
        <Suspense fallback={null}>
          <TestModeRibbon />
        </Suspense>
      )}
      <OfflineBanner />
      <ShellView />
      <Toasts early={signedIn} />
    </BrowserRouter>
  );
}
