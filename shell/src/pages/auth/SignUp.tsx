import { Link, useParams, useSearchParams } from '@lifeboard/shared/lib/router';
import { SignUpForm } from './sign-up-form';

/** An invitation token as links carry it; anything else is not sent, so a mangled link still signs up. */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * `/sign-up/:programGuid?` — the program's guid travels with the registration (the new account starts
 * subscribed to it), and so does an e-mailed invitation's `?invitation=` token (marking it accepted).
 */
export default function SignUp() {
  const { programGuid } = useParams();
  const token = useSearchParams()[0].get('invitation');
  const invitation = token && INVITATION_TOKEN.test(token) ? token : undefined;
  return (
    <div className="lb-auth-page">
      <h1>Create your account</h1>
      {invitation ? <p>You were invited to Lifeboard. Welcome!</p> : null}
      {programGuid ? <p>Your account starts with the program you chose, set up on its own board.</p> : null}
      <SignUpForm asCreator={false} programGuid={programGuid} invitation={invitation} />
      <p className="lb-form-links">
        <Link to="/sign-up-creator">Want to publish programs? Sign up as a creator</Link>
      </p>
    </div>
  );
}
