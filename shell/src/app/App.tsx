import { useStore } from '@nanostores/react';
import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { $isSignedIn } from '@lifeboard/shared/stores/session';
import { Toasts } from '../layouts/Toasts';
import { ShellView } from './ShellView';

export function App() {
  const signedIn = useStore($isSignedIn);
  return (
    <BrowserRouter>
      <ShellView />
      <Toasts early={signedIn} />
    </BrowserRouter>
  );
}
