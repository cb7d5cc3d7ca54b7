import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '@lifeboard/shared/lib/after-paint';
import { $notifications } from '@lifeboard/shared/stores/notifications';

// The kit's toast component, fetched with the UI kit's chunk rather than in the shell's first bundle.
const Notifications = lazy(() =>
  import('@lifeboard/shared/ui/Notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Where every layout shows the app's toasts (shared/ui/Notifications). Their code comes with the first toast or,
 * with `early`, once the browser is idle, so that the live region is on the page before a toast is announced.
 */
export function Toasts({ early = false }: { early?: boolean }) {
  const pending = useStore($notifications).length > 0;
  const [wanted, setWanted] = useState(pending);
  if (pending && !wanted) setWanted(true);
  useEffect(() => {
    if (early) whenIdle(() => setWanted(true), 4000);
  }, [early]);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
