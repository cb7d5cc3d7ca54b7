import { ModelDetailRoute } from '@lifeboard/shared/ui/ModelDetail';
import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Link, Route, Routes, useParams, useSearchParams } from '@lifeboard/shared/lib/router';
import { ProgramCatalogue, ProgramPage, SubscriptionPage } from './catalogue/ProgramPages';
import { ReviewNotes } from './creator/ReviewNotes';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { Suspense } from 'react';
import { NotFound } from './NotFound';

// The area's first download is the catalogue, a program's page and the lists; the creator's tools, the ledger,
// the authors' pages and the course player load with their first visit (budget 50 kB gzip for the first one).
const AuthorPage = lazyScreen(() => import('./authors/AuthorPage').then((m) => m.AuthorPage));
const MyAuthors = lazyScreen(() => import('./authors/MyAuthors').then((m) => m.MyAuthors));
const EarningRates = lazyScreen(() => import('./creator/CreatorPages').then((m) => m.EarningRates));
const ProgramBuilder = lazyScreen(() => import('./creator/CreatorPages').then((m) => m.ProgramBuilder));
const CreatorLedger = lazyScreen(() => import('./creator/LedgerPages').then((m) => m.CreatorLedger));
const TransactionPage = lazyScreen(() => import('./creator/LedgerPages').then((m) => m.TransactionPage));
const ChapterOrder = lazyScreen(() => import('./creator/ChapterOrder').then((m) => m.ChapterOrder));
const CouponsPage = lazyScreen(() => import('./creator/CouponsPage').then((m) => m.CouponsPage));
const ProgramImplement = lazyScreen(() => import('./implement/ProgramImplement').then((m) => m.ProgramImplement));
const CoverEditor = lazyScreen(() => import('./creator/CoverEditor').then((m) => m.CoverEditor));
const LessonEditor = lazyScreen(() => import('./creator/LessonEditor').then((m) => m.LessonEditor));

/** `/chapters`; reached from a program (`?program=ID`), a new chapter belongs to that program unless changed. */
function ChaptersScreen() {
  const [params] = useSearchParams();
  const program = Number(params.get('program'));
  const defaults = Number.isInteger(program) && program > 0 ? { program_id: program } : undefined;
  return (
    <ModelScreen
      model="chapter"
      description="The chapters of your programs. A chapter can open some days after a buyer starts (drip); preview it on the program's page as a buyer sees it."
      detailHref={(id) => `/chapter/${id}`}
      defaults={defaults}
    >
      <Suspense fallback={<Skeleton lines={2} />}>
        <ChapterOrder />
      </Suspense>
    </ModelScreen>
  );
}

/** `/chapter/:id`: the chapter's settings, then its lesson (text, files, quiz). */
function ChapterPage() {
  const id = Number(useParams().id);
  return (
    <ModelDetailRoute model="chapter" backHref="/chapters">
      {Number.isInteger(id) && id > 0 ? (
        <Suspense fallback={<Skeleton lines={4} />}>
          <LessonEditor key={id} chapterId={id} />
        </Suspense>
      ) : null}
    </ModelDetailRoute>
  );
}

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_creator">
      <Suspense fallback={<Skeleton lines={4} />}>
        <Routes>
          <Route path="/programs" element={<ProgramCatalogue />} />
          <Route path="/program/:id" element={<ProgramPage />} />
          <Route path="/subscription/:id" element={<SubscriptionPage />} />
          <Route path="/transaction/:id" element={<TransactionPage />} />
          <Route
            path="/creator-programs"
            element={
              <ModelScreen
                model="program"
                title="Creator programs"
                description="Programs you write. Set the price and choose “Published” to send a program to review: an admin approves it before it is listed and sold."
                defaults={{ status: 'draft', price_cents: 0, currency: 'USD' }}
                // The program as buyers meet it: the sales page once listed, else the author's preview of its lessons.
                titleHref={(program) =>
                  program.status === 'published'
                    ? `/program/${program.id}`
                    : typeof program.guid === 'string'
                      ? `/program-implement/${encodeURIComponent(program.guid)}`
                      : null
                }
                editorExtra={(program) => (
                  <>
                    <p>
                      <Link to={`/chapters?program=${program.id}`}>Chapters of this program</Link>
                    </p>
                    <Suspense fallback={<Skeleton lines={2} />}>
                      <CoverEditor program={program} />
                    </Suspense>
                  </>
                )}
              >
                <ReviewNotes />
              </ModelScreen>
            }
          />
          <Route path="/creator-payments" element={<CreatorLedger kind="payments" />} />
          <Route path="/creator-transactions" element={<CreatorLedger kind="transactions" />} />
          <Route path="/creator-coupons" element={<CouponsPage />} />
          <Route path="/creator-earning-rates" element={<EarningRates />} />
          <Route path="/myauthors" element={<MyAuthors />} />
          <Route path="/ai-programs" element={<ProgramBuilder />} />
          <Route path="/chapters" element={<ChaptersScreen />} />
          <Route path="/chapter/:id" element={<ChapterPage />} />
          <Route path="/author/:author" element={<AuthorPage />} />
          <Route path="/program-implement/:programGuid?" element={<ProgramImplement />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
