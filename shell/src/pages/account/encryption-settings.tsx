import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $encryption,
  changeEncryptionPassphrase,
  convertAll,
  devicePin,
  encryptionState,
  lockEncryption,
  removeDevicePin,
  setDevicePin,
  turnOffEncryption,
  turnOnEncryption,
} from '@lifeboard/shared/stores/encryption';
import { ConversionProgress, EncryptionUnlock } from '@lifeboard/shared/ui/EncryptionUnlock';
import { FormAlert, NewPasswordField, SubmitButton, TextField } from '../auth/form-parts';

type Message = { kind: 'error' | 'success'; text: string } | null;
const MIN_PASSPHRASE = 10;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs a form's action with its busy state and its one message. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    setMessage(null);
    try {
      const done = await action();
      if (done) setMessage({ kind: 'success', text: done });
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, setMessage, run };
}

function passphraseProblem(passphrase: string, again: string): string | null {
  if (passphrase.length < MIN_PASSPHRASE) return `Use at least ${MIN_PASSPHRASE} characters.`;
  if (passphrase !== again) return 'The two passphrases are not the same.';
  return null;
}

/** Shown once, right after encryption is turned on: the only way back in without the passphrase. */
function RecoveryKey({ recoveryKey, onDone }: { recoveryKey: string; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="lb-recovery-key" role="group" aria-labelledby="recovery-title">
      <h3 id="recovery-title">Your recovery key</h3>
      <p>
        If you forget your passphrase, this key is the only way to read your journal again. Print it or save it
        somewhere safe now: <strong>it is shown only this once</strong>, and Lifeboard cannot recover it for you.
      </p>
      <p>
        <code className="lb-recovery-key__value" data-testid="recovery-key">
          {recoveryKey}
        </code>
      </p>
      <div className="lb-row">
        <button className="lb-button lb-button-quiet" type="button" onClick={() => window.print()}>
          Print
        </button>
        <button
          className="lb-button lb-button-quiet"
          type="button"
          onClick={() => void navigator.clipboard?.writeText(recoveryKey)}
        >
          Copy
        </button>
      </div>
      <label className="lb-check">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} /> I have saved my
        recovery key
      </label>
      <button className="lb-button" type="button" disabled={!saved} onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** `onRecoveryKey`: the key to show once; the section holds it, as this form leaves once encryption is on. */
function TurnOn({ onRecoveryKey }: { onRecoveryKey: (key: string) => void }) {
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const { busy, message, run } = useAction();

  return (
    <form
      className="lb-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run(async () => {
          const problem = passphraseProblem(passphrase, again);
          if (problem) throw new Error(problem);
          const key = await turnOnEncryption(passphrase);
          setPassphrase('');
          setAgain('');
          onRecoveryKey(key);
          // Existing entries are sealed in the background, one by one; the progress shows below.
          void convertAll('seal').catch(() => undefined);
          return null;
        });
      }}
    >
      <p>
        Your journal entries and notes are encrypted in this browser before they are sent, with a key only your
        passphrase opens. Lifeboard&apos;s servers keep nothing they can read. Choose a passphrase you will remember:
        without it (or the recovery key you get next) your entries cannot be read by anyone, you included.
      </p>
      <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
      <NewPasswordField label="Passphrase" name="passphrase" value={passphrase} onChange={setPassphrase} />
      <TextField
        label="Passphrase again"
        name="passphrase_again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
      />
      <SubmitButton busy={busy} label="Turn on encryption" busyLabel="Making your key…" />
    </form>
  );
}

function ChangePassphrase() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy, message, run } = useAction();
  return (
    <form
      className="lb-form"
      noValidate
      aria-labelledby="encryption-change"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run(async () => {
          const problem = passphraseProblem(next, again);
          if (problem) throw new Error(problem);
          if (!current) throw new Error('Type your current passphrase or your recovery key.');
          // A recovery key is 52 letters and digits in groups of four; anything else is read as the passphrase.
          const secret = /^([A-Za-z2-7]{4}[-\s]?){12}[A-Za-z2-7]{4}$/.test(current.trim())
            ? { recoveryKey: current }
            : { passphrase: current };
          await changeEncryptionPassphrase(secret, next);
          setCurrent('');
          setNext('');
          setAgain('');
          return 'Your passphrase is changed. Your entries did not need to change.';
        });
      }}
    >
      <h3 id="encryption-change">Change your passphrase</h3>
      <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
      <TextField
        label="Current passphrase (or recovery key)"
        name="current_passphrase"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <NewPasswordField label="New passphrase" name="new_passphrase" value={next} onChange={setNext} />
      <TextField
        label="New passphrase again"
        name="new_passphrase_again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
      />
      <SubmitButton busy={busy} label="Change passphrase" busyLabel="Changing…" />
    </form>
  );
}

function DevicePin() {
  const [hasPin, setHasPin] = useState<boolean | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [pin, setPin] = useState('');
  const { busy, message, run } = useAction();
  useEffect(() => {
    void devicePin().then(setHasPin, () => setHasPin(false));
  }, []);
  if (hasPin === null) return null;
  if (hasPin)
    return (
      <div aria-labelledby="encryption-pin">
        <h3 id="encryption-pin">Quick unlock on this device</h3>
        <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
        <p>This device unlocks your journal with a PIN. After 5 wrong PINs it forgets it.</p>
        <button
          className="lb-button lb-button-quiet"
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await removeDevicePin();
              setHasPin(false);
              return 'This device no longer unlocks with a PIN.';
            })
          }
        >
          Stop using a PIN here
        </button>
      </div>
    );
  return (
    <form
      className="lb-form"
      noValidate
      aria-labelledby="encryption-pin"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run(async () => {
          if (!/^\d{4,8}$/.test(pin)) throw new Error('A PIN is 4 to 8 digits.');
          if (!passphrase) throw new Error('Type your passphrase to allow this device.');
          await setDevicePin({ passphrase }, pin);
          setPassphrase('');
          setPin('');
          setHasPin(true);
          return 'This device now unlocks with your PIN.';
        });
      }}
    >
      <h3 id="encryption-pin">Quick unlock on this device</h3>
      <p>
        On a device only you use, a PIN can unlock your journal instead of the passphrase. It works on this device only,
        and after 5 wrong PINs the device forgets it.
      </p>
      <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
      <TextField
        label="Passphrase"
        name="pin_passphrase"
        type="password"
        autoComplete="current-password"
        value={passphrase}
        onChange={setPassphrase}
      />
      <TextField
        label="PIN (4 to 8 digits)"
        name="pin"
        type="password"
        autoComplete="off"
        value={pin}
        onChange={setPin}
      />
      <SubmitButton busy={busy} label="Use a PIN on this device" busyLabel="Saving…" />
    </form>
  );
}

function TurnOff() {
  const [passphrase, setPassphrase] = useState('');
  const { busy, message, run } = useAction();
  return (
    <form
      className="lb-form"
      noValidate
      aria-labelledby="encryption-off"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run(async () => {
          if (!passphrase) throw new Error('Type your passphrase to turn encryption off.');
          await turnOffEncryption({ passphrase });
          setPassphrase('');
          return 'Encryption is off: every entry and note is stored as plain text again.';
        });
      }}
    >
      <h3 id="encryption-off">Turn encryption off</h3>
      <p>Every entry and note is decrypted in this browser and saved back as plain text, then the key is forgotten.</p>
      <FormAlert kind={message?.kind ?? 'error'} message={message?.text ?? null} />
      <TextField
        label="Passphrase"
        name="off_passphrase"
        type="password"
        autoComplete="current-password"
        value={passphrase}
        onChange={setPassphrase}
      />
      <SubmitButton busy={busy} label="Decrypt everything and turn off" busyLabel="Decrypting…" danger />
    </form>
  );
}

/** `/security`'s "Encryption": turn it on, unlock, change the passphrase, use a PIN, turn it off. */
export function EncryptionSettings() {
  const state = useStore($encryption);
  const [problem, setProblem] = useState<string | null>(null);
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  // Asked again whenever the state is emptied (a sign-out, or the session check replacing the stored user).
  useEffect(() => {
    if (state.userId !== null) return;
    void encryptionState().then(
      () => setProblem(null),
      (error: unknown) => setProblem(messageOf(error)),
    );
  }, [state.userId]);
  return (
    <section className="lb-section" aria-labelledby="security-encryption" id="encryption">
      <h2 id="security-encryption">End-to-end encryption</h2>
      <FormAlert message={problem} />
      {recoveryKey ? (
        <RecoveryKey recoveryKey={recoveryKey} onDone={() => setRecoveryKey(null)} />
      ) : state.userId === null ? null : !state.material ? (
        <TurnOn onRecoveryKey={setRecoveryKey} />
      ) : (
        <>
          <p>
            {state.material.state === 'on'
              ? 'Your journal entries and notes are encrypted end to end.'
              : 'Encryption is being turned off: entries are decrypted as you unlock.'}{' '}
            AI features and the daily e-mail cannot read encrypted entries, the server&apos;s search does not find them,
            and they cannot be shared as a public page.
          </p>
          <EncryptionUnlock />
          {state.dataKey ? (
            <>
              <ConversionProgress />
              <button className="lb-button lb-button-quiet" type="button" onClick={lockEncryption}>
                Lock now
              </button>
              <ChangePassphrase />
              <DevicePin />
              <TurnOff />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
