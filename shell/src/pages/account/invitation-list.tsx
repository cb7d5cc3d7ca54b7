import type { Invitation } from '@lifeboard/shared/api/invitations';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import type { ProgramChoice } from './published-programs';

interface InvitationListProps {
  invitations: Invitation[];
  programs: ProgramChoice[] | null;
  /** The id being withdrawn, whose button is disabled meanwhile. */
  busy: number | null;
  onWithdraw: (invitation: Invitation) => void;
}

function programName(guid: string, programs: ProgramChoice[] | null): string {
  return programs?.find((program) => program.guid === guid)?.title ?? 'a program';
}

/** Sent invitations, newest first: to whom, into which program, pending or accepted on a date. */
export function InvitationList({ invitations, programs, busy, onWithdraw }: InvitationListProps) {
  if (invitations.length === 0) return <p className="lb-muted">You have not invited anyone yet.</p>;
  return (
    <ul className="lb-list" aria-label="Sent invitations">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="lb-list-item">
          <span>
            <strong>{invitation.email}</strong>
            {invitation.accepted_at ? (
              <span className="lb-badge lb-badge-accepted">
                accepted on {formatDisplayDate(invitation.accepted_at)}
              </span>
            ) : (
              <span className="lb-badge">pending</span>
            )}
            <br />
            <span className="lb-muted">
              Sent {formatDisplayDate(invitation.sent_at)}
              {invitation.program_guid ? <> · to start {programName(invitation.program_guid, programs)}</> : null}
            </span>
          </span>
          {invitation.accepted_at ? null : (
            <button
              className="lb-button lb-button-quiet"
              type="button"
              disabled={busy === invitation.id}
              aria-label={`Withdraw the invitation to ${invitation.email}`}
              onClick={() => onWithdraw(invitation)}
            >
              {busy === invitation.id ? 'Withdrawing…' : 'Withdraw'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
