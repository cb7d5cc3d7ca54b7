import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from '@lifeboard/shared/lib/router';
import { userUpdateFields } from '@lifeboard/shared/models/user';
import { $board, defaultBoardName } from '@lifeboard/shared/stores/board';
import { $session } from '@lifeboard/shared/stores/session';
import { setOnboardedFlag, updateUser } from '../../auth/session-actions';
import { renameBoard } from '../../board/board-actions';
import { FormAlert, SubmitButton, TextField, failureMessage, serverMessages, useDraft } from './form-parts';
import type { FieldMessages } from './form-parts';
import { TimeZoneSelect, browserTimeZone } from './timezone-select';

const boardName = userUpdateFields.name; // the same 1–120 character rule reads well for a board name

/**
 * `/onboarding`: name, time zone, tagline and the first board's name. Saving renames the default board,
 * marks the user onboarded, then saves each user field with its own call (the contract takes one field
 * per update) and goes home. Anything that fails leaves the form filled and says which field.
 */
export default function Onboarding() {
  const navigate = useNavigate();
  const user = useStore($session).user;
  const board = useStore($board);
  const [form, update, discard] = useDraft('onboarding', {
    name: user?.name ?? '',
    timezone: user?.timezone && user.timezone !== 'UTC' ? user.timezone : browserTimeZone(),
    tagline: user?.tagline ?? '',
    board: board.name || defaultBoardName,
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function validate(): FieldMessages {
    const found: FieldMessages = {};
    const checks = {
      name: userUpdateFields.name.safeParse(form.name),
      timezone: userUpdateFields.timezone.safeParse(form.timezone),
      tagline: userUpdateFields.tagline.safeParse(form.tagline),
      board: boardName.safeParse(form.board),
    };
    for (const [field, check] of Object.entries(checks))
      if (!check.success) found[field] = check.error.issues[0]?.message ?? 'is not valid';
    return found;
  }

  async function save(): Promise<string | null> {
    if (board.id > 0 && form.board.trim() !== board.name) {
      if (!(await renameBoard(board.id, form.board.trim()))) {
        setErrors({ board: 'could not be renamed; please try again' });
        return 'Your board could not be renamed.';
      }
    }
    if (!(await setOnboardedFlag(true))) return 'We could not finish setting up your account. Please try again.';
    const tagline = form.tagline.trim();
    const steps = [
      () => updateUser('name', form.name.trim()),
      () => updateUser('timezone', form.timezone),
      () => updateUser('tagline', tagline === '' ? null : tagline),
    ];
    for (const step of steps) {
      const result = await step();
      if (!result.ok) {
        setErrors(serverMessages(result.error));
        return failureMessage(result.error);
      }
    }
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const failed = await save();
    setBusy(false);
    setMessage(failed);
    if (failed) return;
    discard();
    void navigate('/home');
  }

  return (
    <div className="lb-auth-page">
      <h1>Welcome to Lifeboard</h1>
      <p>A few details and you are ready to plan your first habit.</p>
      <form className="lb-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={message} />
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={(name) => update({ name })}
          error={errors.name}
        />
        <TimeZoneSelect
          label="Time zone"
          name="timezone"
          value={form.timezone}
          onChange={(timezone) => update({ timezone })}
          error={errors.timezone}
        />
        <TextField
          label="Tagline (optional)"
          name="tagline"
          value={form.tagline}
          onChange={(tagline) => update({ tagline })}
          error={errors.tagline}
          hint="A line about you, e.g. “Running my first marathon in spring”."
        />
        <TextField
          label="Name of your first board"
          name="board"
          value={form.board}
          onChange={(value) => update({ board: value })}
          error={errors.board}
          hint="Boards keep areas of life apart, e.g. “Home” and “Work”."
        />
        <SubmitButton busy={busy} label="Start" busyLabel="Saving…" />
      </form>
    </div>
  );
}
