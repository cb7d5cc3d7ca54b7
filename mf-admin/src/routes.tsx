import { Route, Routes } from '@lifeboard/shared/lib/router';
import { AiModels } from './ai/AiPages';
import { AuditPage } from './audit/AuditPage';
import { AuthorsPage } from './authors/AuthorsPage';
import { NotFound } from './NotFound';
import { QueuePage } from './queue/QueuePage';
import { AdminOverview } from './overview/AdminPages';
import { AdminPayments } from './payments/PaymentPages';
import { AdminProgram, AdminPrograms } from './programs/ProgramPages';
import { UserPage, UsersPage } from './users/UserPages';

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_admin">
      <Routes>
        <Route path="/admin" element={<AdminOverview />} />
        <Route path="/admin/programs" element={<AdminPrograms />} />
        <Route path="/admin/program/:id" element={<AdminProgram />} />
        <Route path="/admin/payments" element={<AdminPayments />} />
        <Route path="/admin/users" element={<UsersPage />} />
        <Route path="/admin/users/:id" element={<UserPage />} />
        <Route path="/admin/authors" element={<AuthorsPage />} />
        <Route path="/admin/ai-models" element={<AiModels />} />
        <Route path="/admin/ai-model-testing" element={<AiModels testing />} />
        <Route path="/admin/queue" element={<QueuePage />} />
        <Route path="/admin/audit" element={<AuditPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
