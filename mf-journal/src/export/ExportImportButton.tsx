import { Suspense, lazy, useRef, useState } from 'react';
import { Button } from '@lifeboard/shared/ui/Button';
import { Spinner } from '@lifeboard/shared/ui/feedback';

const ExportImportDialog = lazy(() => import('./ExportImportDialog'));

/**
 * "Export / import" on /journal and /notes: opens the dialog that downloads every journal entry and note of
 * the board in one zip and imports such a file back (ExportImportDialog.tsx, loaded on the first click).
 */
export function ExportImportButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={opener} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Export / import
      </Button>
      {open ? (
        <Suspense fallback={<Spinner label="Opening export and import…" />}>
          <ExportImportDialog
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
