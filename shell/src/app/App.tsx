import { BrowserRouter } from 'react-router-dom';
import { ShellView } from './ShellView';

export function App() {
  return (
    <BrowserRouter>
      <ShellView />
    </BrowserRouter>
  );
}
