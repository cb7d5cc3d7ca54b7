import { useStore } from '@nanostores/react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import { $isSignedIn } from '@lifeboard/shared/stores/session';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { Card, PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { VerifiedMark } from '@lifeboard/shared/ui/VerifiedMark';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { installsText, readAuthorPage } from './author-api';

/** `/author/:author`: an author's public page, readable signed out: who they are and their published programs. */
export function AuthorPage() {
  const key = useParams().author ?? '';
  const signedIn = useStore($isSignedIn);
  const page = useApiGet(`/api/author/${encodeURIComponent(key)}`, readAuthorPage);
  if (page.state === 'loading') return <Skeleton lines={5} />;
  if (page.state === 'missing') {
    return (
      <ErrorPanel
        title="Author not found"
        message="No author has this address. The link may be incomplete, or the author has no published programs any more."
        code="LB-NOT-FOUND"
      />
    );
  }
  if (page.state === 'failed')
    return <ErrorPanel message={`The author's page could not be loaded: ${page.message}`} onRetry={page.reload} />;
  const { author, programs } = page.data;
  // Signed out, a program link leads through sign-up with the program (the shell's `/sign-up/:programGuid`).
  const startHref = (guid: string) =>
    signedIn ? `/program-purchase/${encodeURIComponent(guid)}` : `/sign-up/${encodeURIComponent(guid)}`;
  return (
    <section className="lb-stack" aria-label={`Author ${author.name}`}>
      <PageHeader
        title={
          <>
            {author.name}
            {author.verified ? <VerifiedMark /> : null}
          </>
        }
        description={author.tagline ?? undefined}
      />
      {author.photo || author.bio || author.links.length ? (
        <Panel title={`About ${author.name}`}>
          <div className="lb-stack">
            <ProgramCover cover={author.photo} title={author.name} alt={`Photo of ${author.name}`} />
            {author.bio ? <p>{author.bio}</p> : null}
            {author.links.length ? (
              <ul aria-label="Links">
                {author.links.map((link, i) => (
                  <li key={i}>
                    <a href={link.url} rel="noopener noreferrer nofollow" target="_blank">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </Panel>
      ) : null}
      <Panel title="Programs">
        {programs.length === 0 ? <p>{author.name} has not published a program yet.</p> : null}
        <div className="lb-stack">
          {programs.map((program) => (
            <Card key={program.id}>
              <ProgramCover cover={program.cover} title={program.title} alt={program.cover_alt} />
              <h3>{program.title}</h3>
              {program.description ? <p>{excerpt(program.description, 300)}</p> : null}
              <p className="lb-muted">
                {formatMoney(program.price_cents, program.currency)} · {installsText(program.installs)}
              </p>
              <Link to={startHref(program.guid)}>
                {signedIn ? 'Start' : 'Sign up and start'}
                <span className="lb-visually-hidden"> {program.title}</span>
              </Link>
            </Card>
          ))}
        </div>
      </Panel>
    </section>
  );
}
