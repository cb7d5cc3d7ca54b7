import { useState } from 'react';
import type { FormEvent } from 'react';
import { call, isObject } from '@lifeboard/shared/api/call';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { deleteUpload, uploadImage } from '@lifeboard/shared/api/uploads';
import { listOf, useApiGet } from '@lifeboard/shared/api/use-api-get';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { coverTypeNames, coverTypes, MAX_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { Card, PageHeader } from '@lifeboard/shared/ui/Panel';
import { ProgramCover } from '@lifeboard/shared/ui/ProgramCover';
import { VerifiedMark } from '@lifeboard/shared/ui/VerifiedMark';

/** An author as `GET /api/admin/authors` lists them. */
export interface AdminAuthor {
  id: number;
  slug: string;
  email: string;
  account_name: string;
  name: string;
  bio: string | null;
  photo: string | null;
  links: { label: string; url: string }[];
  verified: boolean;
  verified_at: string | null;
  programs: number;
  published: number;
}

const readAuthors = (body: unknown) => listOf(body, 'authors') as AdminAuthor[] | null;
const readOne = (body: Record<string, unknown>) =>
  typeof body.author === 'object' && body.author !== null ? (body.author as AdminAuthor) : undefined;

const verify = (id: number, verified: boolean): Promise<ApiResult<AdminAuthor>> =>
  call('POST', '/api/admin/authors/verify', { id, verified }, readOne);

/** The links as typed, one a line: "Label https://address". */
function linksText(links: AdminAuthor['links']): string {
  return links.map((l) => `${l.label} ${l.url}`).join('\n');
}
function parseLinks(text: string): { links: AdminAuthor['links'] } | { problem: string } {
  const links: AdminAuthor['links'] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.search(/https?:\/\//);
    if (at < 1) return { problem: `Line ${i + 1} of the links needs a label, then its address (https://…).` };
    links.push({ label: line.slice(0, at).trim(), url: line.slice(at).trim() });
  }
  return { links };
}

/** `/admin/authors`: every author, searchable; verify one, open their page, or edit what it shows. */
export function AuthorsPage() {
  const [search, setSearch] = useState('');
  const query = search.trim();
  const load = useApiGet(`/api/admin/authors${query ? `?q=${encodeURIComponent(query)}` : ''}`, readAuthors);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Authors"
        description="Creators and everyone who made a program. Verify an author, or edit what their public page shows."
      />
      <TextField
        label="Search by name or e-mail"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {load.state === 'loading' ? <Skeleton lines={5} /> : null}
      {load.state === 'failed' || load.state === 'missing' ? (
        <ErrorPanel
          message={`The authors could not be loaded: ${load.state === 'failed' ? load.message : 'not found.'}`}
          onRetry={load.reload}
        />
      ) : null}
      {load.state === 'ready' && load.data.length === 0 ? (
        <EmptyState title={query ? 'No authors match' : 'No authors yet'} />
      ) : null}
      {load.state === 'ready'
        ? load.data.map((author) => (
            <AuthorCard
              key={author.id}
              author={author}
              editing={editing === author.id}
              onEdit={(open) => setEditing(open ? author.id : null)}
              onSaved={() => {
                setEditing(null);
                load.reload();
              }}
            />
          ))
        : null}
    </section>
  );
}

function AuthorCard({
  author,
  editing,
  onEdit,
  onSaved,
}: {
  author: AdminAuthor;
  editing: boolean;
  onEdit: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function toggleVerified() {
    setBusy(true);
    const result = await verify(author.id, !author.verified);
    setBusy(false);
    if (!result.ok) notify({ kind: 'error', message: `${author.name} was not changed: ${result.error.message}` });
    else {
      notify({
        kind: 'success',
        message: `${author.name} is ${result.data.verified ? 'verified' : 'no longer verified'}.`,
      });
      onSaved();
    }
  }
  return (
    <Card aria-label={author.name}>
      <div className="lb-stack">
        <h3>
          {author.name}
          {author.verified ? <VerifiedMark /> : null}
        </h3>
        <p className="lb-muted">
          {author.email}
          {author.name !== author.account_name ? ` · account name ${author.account_name}` : ''} · {author.published} of{' '}
          {author.programs} {author.programs === 1 ? 'program' : 'programs'} published
          {author.verified_at ? ` · verified on ${formatDisplayDate(author.verified_at)}` : ''}
        </p>
        <div className="lb-row">
          <Button
            size="small"
            variant={author.verified ? 'secondary' : 'primary'}
            disabled={busy}
            onClick={() => void toggleVerified()}
          >
            {author.verified ? 'Remove the verified mark' : 'Verify'}
          </Button>
          <Button size="small" variant="ghost" onClick={() => onEdit(!editing)} aria-expanded={editing}>
            Edit public page
          </Button>
          <Link to={`/author/${author.slug}`}>Public page</Link>
          <Link to={`/admin/users/${author.id}`}>Account</Link>
        </div>
        {editing ? <AuthorPageForm author={author} onSaved={onSaved} onCancel={() => onEdit(false)} /> : null}
      </div>
    </Card>
  );
}

/** The public page's name, bio, photo and links; saved together, each change then in the audit log. */
function AuthorPageForm({
  author,
  onSaved,
  onCancel,
}: {
  author: AdminAuthor;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(author.name);
  const [bio, setBio] = useState(author.bio ?? '');
  const [links, setLinks] = useState(linksText(author.links));
  const [photo, setPhoto] = useState<string | null>(author.photo);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    if (!coverTypes.includes(file.type) || file.size > MAX_IMAGE_BYTES) {
      setProblem(
        `“${file.name}” was not used: a photo is a ${coverTypeNames} image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`,
      );
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadImage(file, file.name);
      setPhoto(uploaded.id);
      setProblem(null);
    } catch (error) {
      setProblem(`“${file.name}” was not used: ${error instanceof Error ? error.message : 'the upload failed.'}`);
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseLinks(links);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setBusy(true);
    const result = await call(
      'POST',
      '/api/admin/authors/update',
      { id: author.id, name: name.trim(), bio: bio.trim(), photo, links: parsed.links },
      readOne,
    );
    setBusy(false);
    if (!result.ok) {
      const body = result.error.body;
      setErrors(isObject(body) && isObject(body.errors) ? (body.errors as Record<string, string[]>) : {});
      setProblem(`The page was not saved: ${result.error.message}`);
      // A photo uploaded for a page that was not saved would only take room.
      if (photo && photo !== author.photo) void deleteUpload(photo);
      setPhoto(author.photo);
      return;
    }
    notify({ kind: 'success', message: `${result.data.name}'s page is saved.` });
    onSaved();
  }

  const linkErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith('links'))
    .flatMap(([, messages]) => messages);
  return (
    <form className="lb-stack" aria-label={`Public page of ${author.name}`} onSubmit={(e) => void save(e)}>
      <TextField
        label="Name on the page"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
        maxLength={120}
      />
      <TextArea
        label="Bio"
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        error={errors.bio}
        maxLength={2000}
        rows={4}
      />
      <div className="lb-stack">
        <ProgramCover cover={photo} title={name} alt={`Photo of ${name}`} />
        <label className="lb-field">
          <span>Photo ({coverTypeNames})</span>
          <input type="file" accept={coverTypes.join(',')} onChange={(e) => void choosePhoto(e.target.files?.[0])} />
        </label>
        {photo ? (
          <div>
            <Button size="small" variant="ghost" onClick={() => setPhoto(null)}>
              Remove the photo
            </Button>
          </div>
        ) : null}
      </div>
      <TextArea
        label="Links, one a line: a label, then the address"
        hint="For example: Website https://example.com"
        value={links}
        onChange={(e) => setLinks(e.target.value)}
        error={linkErrors.length ? linkErrors : undefined}
        rows={3}
      />
      <ActionProblem message={problem} />
      <div className="lb-row">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save page'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
