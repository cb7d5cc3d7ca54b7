import { ModelDetailRoute } from '@lifeboard/shared/ui/ModelDetail';
import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { ProgramCatalogue, ProgramPage, SubscriptionPage } from './catalogue/ProgramPages';
import { AuthorPage } from './authors/AuthorPage';
import { MyAuthors } from './authors/MyAuthors';
import { EarningRates, ProgramBuilder } from './creator/CreatorPages';
import { CreatorLedger, TransactionPage } from './creator/LedgerPages';
import { ReviewNotes } from './creator/ReviewNotes';
import { ChapterOrder } from './creator/ChapterOrder';
import { CouponsPage } from './creator/CouponsPage';
import { ProgramImplement } from './implement/ProgramImplement';
import { NotFound } from './NotFound';

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_creator">
      <Routes>
        <Route path="/programs" element={<ProgramCatalogue />} />
        <Route path="/program/:id" element={<ProgramPage />} />
        <Route path="/subscription/:id" element={<SubscriptionPage />} />
        <Route path="/transaction/:id" element={<TransactionPage />} />
        <Route path="/creator-programs" element={<ModelScreen model="program" title="Creator programs" description="Programs you write. Set the price and choose “Published” to send a program to review: an admin approves it before it is listed and sold." defaults={{ status: 'draft', price_cents: 0, currency: 'USD' }}><ReviewNotes /></ModelScreen>} />
        <Route path="/creator-payments" element={<CreatorLedger kind="payments" />} />
        <Route path="/creator-transactions" element={<CreatorLedger kind="transactions" />} />
        <Route path="/creator-coupons" element={<CouponsPage />} />
        <Route path="/creator-earning-rates" element={<EarningRates />} />
        <Route path="/myauthors" element={<MyAuthors />} />
        <Route path="/ai-programs" element={<ProgramBuilder />} />
        <Route path="/chapters" element={<ModelScreen model="chapter" description="The chapters of your programs. A chapter can open some days after a buyer starts (drip); preview it on the program's page as a buyer sees it." detailHref={(id) => `/chapter/${id}`}><ChapterOrder /></ModelScreen>} />
        <Route path="/chapter/:id" element={<ModelDetailRoute model="chapter" backHref="/chapters" />} />
        <Route path="/author/:author" element={<AuthorPage />} />
        <Route path="/program-implement/:programGuid?" element={<ProgramImplement />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
