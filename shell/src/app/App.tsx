import { useStore } from '@nanostores/react';
import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { $isSignedIn } from '@lifeboard/shared/stores/session';
import { OfflineBanner } from '../layouts/OfflineBanner';
import { TestModeRibbon } from '../layouts/TestModeRibbon';
import { Toasts } from '../layouts/Toasts';
import { ShellView } from './ShellView';

export function App() {
  const signedIn = useStore($isSignedIn);
  return (
    <BrowserRouter>
      <TestModeRibbon />
      <OfflineBanner />
      <ShellView />
      <Toasts early={signedIn} />
    </BrowserRouter>
  );
}
