import { useEffect, useRef, useState } from 'react';
import { Button } from '@lifeboard/shared/ui/Button';
import './sessions.css';

/** A short beep and a buzz where the browser allows them (no audio context or vibration: the screen says it). */
function signal(): void {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    /* not allowed here: the text still says the rest is over */
  }
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    /* autoplay refused: the text still says the rest is over */
  }
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Counts down from when a set was ticked; ±15 s and Skip. `endsAt` is an epoch ms, so a reload resumes it. */
export function RestTimer({ endsAt, onChange }: { endsAt: number; onChange: (endsAt: number | null) => void }) {
  const [now, setNow] = useState(() => Date.now());
  const signalled = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  useEffect(() => {
    if (left === 0 && !signalled.current) {
      signalled.current = true;
      signal();
    }
    if (left > 0) signalled.current = false;
  }, [left]);
  return (
    <div className="lb-row lb-rest-timer" role="timer" aria-live="polite" data-testid="rest-timer">
      {left > 0 ? <strong>Rest: {clock(left)}</strong> : <strong>Rest over: time for the next set</strong>}
      {left > 0 ? (
        <Button size="small" onClick={() => onChange(endsAt - 15_000)}>
          −15 s
        </Button>
      ) : null}
      {left > 0 ? (
        <Button size="small" onClick={() => onChange(endsAt + 15_000)}>
          +15 s
        </Button>
      ) : null}
      <Button size="small" onClick={() => onChange(null)}>
        {left > 0 ? 'Skip rest' : 'Close'}
      </Button>
    </div>
  );
}
