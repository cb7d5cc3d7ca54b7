import { SignUpForm } from './sign-up-form';

/** `/sign-up-creator` — the same form, registering with the creator role. */
export default function SignUpCreator() {
  return (
    <div className="lb-auth-page">
      <h1>Sign up as a creator</h1>
      <p>Creators write programs other people can follow. You can still use Lifeboard for your own habits.</p>
      <SignUpForm asCreator />
    </div>
  );
}
