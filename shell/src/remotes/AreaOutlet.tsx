import { Component, useCallback, useEffect, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { loadAreaParcel } from './load-area';
import type { AreaName } from './remotes';
import { areas } from './remotes';
import './area-outlet.css';

/** After this long without a mounted area, the outlet offers a retry (the load goes on meanwhile). */
export const slowAreaMs = 8000;
export const areaTimeoutCode = 'LB-REMOTE-TIMEOUT';
export const areaMountErrorCode = 'LB-REMOTE-MOUNT';

/** What the user reads when an area fails: what happened and what to do, never the error's own text (the console has it). */
function AreaNotice({ title, code, text, retry }: { title: string; code: string; text: string; retry: () => void }) {
  return (
    <section className="lb-area-error" role="alert" data-error-code={code}>
      <h2>{title}</h2>
      <p>{text}</p>
      <p className="lb-area-error__code">If it keeps happening, tell support this code: {code}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </section>
  );
}

const tryAgain = 'Check your connection and try again; the rest of the app keeps working.';

interface BoundaryProps {
  label: string;
  retry: () => void;
  children: ReactNode;
}

/** Catches what throws while the parcel component itself renders; the shell around it keeps working. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${areaMountErrorCode}: ${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <AreaNotice
          title={`${this.props.label} stopped working`}
          code={areaMountErrorCode}
          text={`Something went wrong while showing this page. ${tryAgain}`}
          retry={this.props.retry}
        />
      );
    }
    return this.props.children;
  }
}

type Phase = 'loading' | 'slow' | 'mounted' | 'failed';

/**
 * Mounts an area's single-spa parcel inside the layout. Retry mounts a new parcel (a new `loadRemote`),
 * without a page reload. Keyed by area in the layout, so it stays mounted while the user moves inside it.
 */
export function AreaOutlet({ area }: { area: AreaName }) {
  const { label } = areas[area];
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>('loading');

  const retry = useCallback(() => {
    setPhase('loading');
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (phase !== 'loading') return undefined;
    const timer = window.setTimeout(() => setPhase('slow'), slowAreaMs);
    return () => window.clearTimeout(timer);
  }, [phase, attempt]);

  const config = useCallback(() => loadAreaParcel(area), [area]);
  const handleMounted = useCallback(() => setPhase('mounted'), []);
  const handleError = useCallback(
    (error: Error) => {
      console.error(`${areaMountErrorCode}: ${label}`, error);
      setPhase('failed');
    },
    [label],
  );

  return (
    <div className="lb-area" data-area={area} aria-busy={phase === 'loading' || phase === 'slow'}>
      {phase === 'loading' ? <p className="lb-area__loading">Loading {label}…</p> : null}
      {phase === 'slow' ? (
        <AreaNotice
          title={`${label} is taking longer than usual`}
          code={areaTimeoutCode}
          text={`It is still loading. ${tryAgain}`}
          retry={retry}
        />
      ) : null}
      {phase === 'failed' ? (
        <AreaNotice
          title={`${label} could not start`}
          code={areaMountErrorCode}
          text={`This part of Lifeboard could not be opened. ${tryAgain}`}
          retry={retry}
        />
      ) : (
        <AreaBoundary key={attempt} label={label} retry={retry}>
          <Parcel
            key={attempt}
            config={config}
            mountParcel={mountRootParcel}
            wrapWith="div"
            wrapClassName="lb-area__parcel"
            parcelDidMount={handleMounted}
            handleError={handleError}
            retry={retry}
          />
        </AreaBoundary>
      )}
    </div>
  );
}
