import { useEffect, useState } from 'react';
import { fetchInvitations, withdrawInvitation } from '@lifeboard/shared/api/invitations';
import type { Invitation } from '@lifeboard/shared/api/invitations';
import { notify } from '@lifeboard/shared/stores/notifications';
import { failureMessage } from '../auth/form-parts';
import { LoadStatus } from './load-status';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { fetchProgramChoices } from './published-programs';
import type { ProgramChoice } from './published-programs';
import { SignUpLink } from './sign-up-link';
import './account.css';
import '../auth/forms.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; invitations: Invitation[] };

/**
 * `/invitations`: invite someone by e-mail to Lifeboard or straight into a published program, follow
 * whether they signed up, withdraw a pending invitation; the plain sign-up link stays as a second way.
 */
export default function Invitations() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [programs, setPrograms] = useState<ProgramChoice[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function refresh() {
    setLoad({ state: 'loading' });
    const result = await fetchInvitations();
    setLoad(
      result.ok
        ? { state: 'ready', invitations: result.data }
        : { state: 'error', message: failureMessage(result.error) },
    );
  }

  useEffect(() => {
    let live = true;
    void refresh();
    // Without the catalogue the form still invites to Lifeboard itself.
    void fetchProgramChoices().then((result) => {
      if (live) setPrograms(result.ok ? result.data : []);
    });
    return () => {
      live = false;
    };
  }, []);

  function sent(invitation: Invitation) {
    setLoad((previous) =>
      previous.state === 'ready' ? { state: 'ready', invitations: [invitation, ...previous.invitations] } : previous,
    );
  }

  async function withdraw(invitation: Invitation) {
    setBusy(invitation.id);
    const result = await withdrawInvitation(invitation.id);
    setBusy(null);
    if (!result.ok) {
      notify({
        kind: 'error',
        message: `The invitation to ${invitation.email} could not be withdrawn: ${failureMessage(result.error)}`,
      });
      return;
    }
    setLoad((previous) =>
      previous.state === 'ready'
        ? { state: 'ready', invitations: previous.invitations.filter((item) => item.id !== invitation.id) }
        : previous,
    );
    notify({
      kind: 'success',
      message: `The invitation to ${invitation.email} is withdrawn; its link no longer counts.`,
    });
  }

  return (
    <div className="lb-page">
      <h1>Invitations</h1>
      <section className="lb-section" aria-labelledby="invite-email">
        <h2 id="invite-email">Invite someone by e-mail</h2>
        <p className="lb-muted">
          They get a link to create their own account; pick a program and they start in it on its own board.
        </p>
        <InviteForm programs={programs} onSent={sent} />
      </section>
      <section className="lb-section" aria-labelledby="invite-sent">
        <h2 id="invite-sent">Sent invitations</h2>
        <LoadStatus load={load} loading="Loading invitations…" onRetry={() => void refresh()} />
        {load.state === 'ready' ? (
          <InvitationList
            invitations={load.invitations}
            programs={programs}
            busy={busy}
            onWithdraw={(item) => void withdraw(item)}
          />
        ) : null}
      </section>
      <SignUpLink />
    </div>
  );
}
