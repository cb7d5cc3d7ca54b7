import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { Link } from 'react-router-dom';

/** Shared pages: which entries and notes are public, with their public links; revoke by setting "Revoked at" or deleting. */
export function SharedPagesScreen() {
  const { items } = useCollection('shared_page');
  const live = items.filter((page) => page.id > 0 && !page.revoked_at && typeof page.slug === 'string');
  return (
    <ModelScreen
      model="shared_page"
      description="A shared page is a read-only public copy of one journal entry or note. Anyone with its link can read it until you revoke or delete it."
    >
      {live.length ? (
        <Panel title="Public links">
          <ul>
            {live.map((page) => (
              <li key={page.id}>
                <Link to={`/a/${String(page.slug)}`}>/a/{String(page.slug)}</Link>{' '}
                <span className="lb-muted">({page.source_model === 'note' ? 'note' : 'journal entry'} #{String(page.source_id)})</span>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </ModelScreen>
  );
}
