import { Link, useParams } from 'react-router-dom';
import { SignUpForm } from './sign-up-form';

/** `/sign-up/:programGuid?` — the program's guid travels with the registration. */
export default function SignUp() {
  const { programGuid } = useParams();
  return (
    <div className="lb-auth-page">
      <h1>Create your account</h1>
      {programGuid ? <p>Your account will be linked to the program you chose.</p> : null}
      <SignUpForm asCreator={false} programGuid={programGuid} />
      <p className="lb-form-links"><Link to="/sign-up-creator">Want to publish programs? Sign up as a creator</Link></p>
    </div>
  );
}
