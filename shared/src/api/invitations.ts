import { call, isObject, readSuccess } from './call';

/** An e-mailed invitation as its sender sees it (never the token). */
export interface Invitation {
  id: number;
  email: string;
  program_guid: string | null;
  sent_at: string;
  /** When the invitee signed up with the link; null while pending. */
  accepted_at: string | null;
}

function isInvitation(value: unknown): value is Invitation {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.email === 'string' &&
    typeof value.sent_at === 'string' &&
    (value.program_guid === null || typeof value.program_guid === 'string') &&
    (value.accepted_at === null || typeof value.accepted_at === 'string')
  );
}

export interface InvitationInput {
  email: string;
  program_guid?: string;
}

/** The caller's invitations, newest first (withdrawn ones are left out). */
export const fetchInvitations = () =>
  call(
    'GET',
    '/api/invitations',
    undefined,
    (body) => (Array.isArray(body.invitations) ? body.invitations.filter(isInvitation) : undefined),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );

/** E-mails an invitation; too many in an hour is a 429 (the client notifies 'Too Many Requests!'). */
export const createInvitation = (input: InvitationInput) =>
  call(
    'POST',
    '/api/invitations/create',
    input,
    (body) => (isInvitation(body.invitation) ? body.invitation : undefined),
    { needsSuccess: true },
  );

/** Withdraws a pending invitation; its link then marks nothing. */
export const withdrawInvitation = (id: number) =>
  call('POST', '/api/invitations/delete', { id }, readSuccess, { needsSuccess: true });
