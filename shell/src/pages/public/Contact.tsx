import { mailtoLink, supportEmail } from './contact-details';
import './public.css';

const topics: readonly { subject: string; text: string }[] = [
  { subject: 'Question about my account', text: 'Sign-in trouble, boards, devices or settings.' },
  {
    subject: 'Trouble exporting or deleting my data',
    text: 'You can download your data on the Account page and delete your account on the Security page yourself; write if either does not work for you.',
  },
  { subject: 'Programs and creators', text: 'Publishing a program, prices, subscriptions and payouts.' },
  { subject: 'Feedback', text: 'Something you would like Lifeboard to do, or do better.' },
];

/** `/contact`: there is no contact endpoint, so each topic opens the visitor's mail app with the subject filled in. */
export default function Contact() {
  return (
    <article className="lb-public">
      <h1>Contact us</h1>
      <p className="lb-public-lead">
        Write to <a href={mailtoLink('Hello Lifeboard')}>{supportEmail}</a>. A person reads every message and answers
        within two working days.
      </p>
      <h2>Pick a topic</h2>
      <ul>
        {topics.map((topic) => (
          <li key={topic.subject}>
            <a href={mailtoLink(topic.subject)}>{topic.subject}</a> — {topic.text}
          </li>
        ))}
      </ul>
      <p>Please write from the address of your account if your question is about it, so we can find you.</p>
    </article>
  );
}
