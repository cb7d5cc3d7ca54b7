import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { formatTimeAgo } from '@lifeboard/shared/lib/date-display';
import { $offline, offlineUseOn } from '@lifeboard/shared/stores/offline';
import './layouts.css';

const UnsentChanges = lazy(() => import(/* webpackChunkName: "unsent-changes" */ './UnsentChanges'));

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/**
 * Says plainly when the network is gone, when a screen shows data kept from before (a read was answered
 * from its copy), and how many changes wait to be sent. The status region is always there, so a screen reader
 * hears each change of it.
 */
export function OfflineBanner() {
  const { online, showsKept, keptAt, pending, unsent } = useStore($offline);
  const kept = showsKept ? `This screen shows what was kept${keptAt ? ` ${formatTimeAgo(keptAt)}` : ''}.` : '';
  const waiting = pending > 0 ? `${changes(pending)} waiting to be sent.` : '';
  const message = !online
    ? [
        "You're offline.",
        kept ||
          (offlineUseOn()
            ? 'Screens you opened before show what they showed then.'
            : 'Other screens need the network: offline use is off in this browser (turn it on under Devices).'),
        'What you change is kept on this device and sent when you are back online.',
        waiting,
      ]
    : showsKept
      ? ['Lifeboard cannot reach the server.', kept, waiting]
      : [waiting ? `Sending: ${waiting}` : ''];
  const text = message.filter(Boolean).join(' ');
  return (
    <>
      <div role="status" className={text ? 'lb-offline-banner' : 'lb-visually-hidden'}>
        {text}
      </div>
      {unsent.length > 0 && (
        <Suspense fallback={null}>
          <UnsentChanges unsent={unsent} />
        </Suspense>
      )}
    </>
  );
}
