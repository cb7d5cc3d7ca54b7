import { Link } from '@lifeboard/shared/lib/router';
import { mailtoLink, supportEmail } from './contact-details';
import './public.css';

const faq: readonly { q: string; a: string }[] = [
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Forgot password" on the sign-in page. If the address has an account, we e-mail a link that works once and expires.',
  },
  {
    q: 'What is a board?',
    a: 'A board is a separate space with its own goals, habits, journal and plans. Create, rename and switch boards on the Boards page; your last board cannot be deleted.',
  },
  {
    q: 'How do I sign out of a lost phone or shared computer?',
    a: 'Open Security or Devices while signed in elsewhere and sign that device out. Its session stops working at once.',
  },
  {
    q: 'How do I get my data out?',
    a: 'On the Account page, choose "Download all my data": one zip file with every board and everything on it as JSON, and your uploaded images. The journal also exports its entries and notes as Markdown files.',
  },
  {
    q: 'How do I delete my account?',
    a: 'On the Security page, enter your password under "Delete your account". Your boards and everything on them, your uploads and your devices are deleted at once, we e-mail you a confirmation, and the address is free to sign up again.',
  },
  {
    q: 'Does Lifeboard cost anything?',
    a: 'The app is free. Some programs written by creators cost what their author asks; the price is shown before you subscribe.',
  },
  { q: 'I want to publish a program.', a: 'Sign up as a creator, or switch creator mode on in your account settings.' },
];

/** `/support`: answers to common questions and how to reach a person. */
export default function Support() {
  return (
    <article className="lb-public">
      <h1>Support</h1>
      <p className="lb-public-lead">Answers to the questions we hear most. Still stuck? Write to us.</p>
      <h2>Frequently asked questions</h2>
      <dl className="lb-faq">
        {faq.map((item) => (
          <div key={item.q}>
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
      <h2>Contact support</h2>
      <p>
        E-mail <a href={mailtoLink('Lifeboard support')}>{supportEmail}</a>. We answer within two working days. More
        ways in on the <Link to="/contact">contact page</Link>.
      </p>
    </article>
  );
}
