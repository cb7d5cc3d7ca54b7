import { BrowserRouter } from '@lifeboard/shared/lib/router';
import { ShellView } from './ShellView';

export function App() {
  return (
    <BrowserRouter>
      <ShellView />
    </BrowserRouter>
  );
}
