import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $conversion,
  $encryption,
  devicePin,
  encryptionState,
  resumeConversion,
  unlockEncryption,
  unlockEncryptionWithPin,
} from '../stores/encryption';
import { Button } from './Button';
import { TextField } from './fields';

/** "Encrypting your entries: 12 of 40", while a run goes on. */
export function ConversionProgress() {
  const conversion = useStore($conversion);
  if (!conversion) return null;
  const verb = conversion.direction === 'seal' ? 'Encrypting' : 'Decrypting';
  return (
    <p role="status" className="lb-muted">
      {verb} your entries and notes: {conversion.done} of {conversion.total}. You can keep using Lifeboard; closing the
      page loses nothing, and this goes on the next time you unlock.{' '}
      <progress max={conversion.total} value={conversion.done} aria-label={`${verb} entries`} />
    </p>
  );
}

/**
 * Shown above encrypted lists while this device has no key: the passphrase, this device's PIN or the recovery
 * key unlocks. Until then entries show as "Locked", never as ciphertext.
 */
export function EncryptionUnlock({ onUnlocked }: { onUnlocked?: () => void }) {
  const state = useStore($encryption);
  const [secret, setSecret] = useState('');
  const [mode, setMode] = useState<'passphrase' | 'pin' | 'recovery'>('passphrase');
  const [hasPin, setHasPin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Asked again whenever the state is emptied (a sign-out, or the session check replacing the stored user).
  useEffect(() => {
    if (state.userId === null) void encryptionState().catch(() => undefined);
  }, [state.userId]);
  useEffect(() => {
    if (!state.material || state.dataKey) return;
    void devicePin().then(
      (found) => {
        setHasPin(found);
        if (found) setMode('pin');
      },
      () => setHasPin(false),
    );
  }, [state.material, state.dataKey]);

  if (!state.material) return null;
  if (state.dataKey) return <ConversionProgress />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!secret) {
      setError(`Type your ${mode === 'pin' ? 'PIN' : mode === 'recovery' ? 'recovery key' : 'passphrase'}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === 'pin') {
        if (!(await unlockEncryptionWithPin(secret))) {
          setHasPin(false);
          setMode('passphrase');
          throw new Error('This device has no PIN any more. Unlock with your passphrase.');
        }
      } else await unlockEncryption(mode === 'passphrase' ? { passphrase: secret } : { recoveryKey: secret });
      setSecret('');
      onUnlocked?.();
      void resumeConversion().catch(() => undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      // The fifth wrong PIN wipes the device's copy: ask for the passphrase from then on.
      if (mode === 'pin') void devicePin().then(setHasPin, () => setHasPin(false));
    } finally {
      setBusy(false);
    }
  }

  const label = mode === 'pin' ? 'PIN' : mode === 'recovery' ? 'Recovery key' : 'Passphrase';
  return (
    <section className="lb-section lb-encryption-unlock" aria-labelledby="lb-unlock-title">
      <h2 id="lb-unlock-title">Your journal is locked</h2>
      <p>Your journal entries and notes are encrypted end to end. Unlock them on this device to read and write them.</p>
      <form className="lb-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={label}
          name="unlock-secret"
          type={mode === 'recovery' ? 'text' : 'password'}
          inputMode={mode === 'pin' ? 'numeric' : undefined}
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={error ?? undefined}
        />
        <div className="lb-row">
          <Button type="submit" disabled={busy}>
            {busy ? 'Unlocking…' : 'Unlock'}
          </Button>
          {hasPin && mode !== 'pin' ? (
            <Button type="button" variant="ghost" onClick={() => setMode('pin')}>
              Use this device's PIN
            </Button>
          ) : null}
          {mode !== 'passphrase' ? (
            <Button type="button" variant="ghost" onClick={() => setMode('passphrase')}>
              Use my passphrase
            </Button>
          ) : null}
          {mode !== 'recovery' ? (
            <Button type="button" variant="ghost" onClick={() => setMode('recovery')}>
              I forgot my passphrase
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
