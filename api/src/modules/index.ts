import { adminRoutes } from './admin';
import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { authorRoutes } from './authors';
import { boardRoutes } from './boards';
import { calendarRoutes } from './calendar';
import { creatorLedgerRoutes } from './creator-ledger';
import { unsubscribeRoutes } from './daily-email';
import { exerciseRoutes } from './exercises';
import { goalRoutes } from './goals';
import { habitRoutes } from './habits';
import { homeRoutes } from './home';
import { invitationRoutes } from './invitations';
import { journalRoutes } from './journal';
import { muscleRoutes } from './muscles';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { programRoutes } from './programs';
import { pushRoutes } from './push';
import { reflectionRoutes } from './reflection';
import { reminderActionRoutes } from './reminders';
import { reviewRoutes } from './reviews';
import { sharedPageRoutes } from './shared-pages';
import { simpleModelRoutes } from './simple-models';
import { siteConfigRoutes } from './site';
import { smsRoutes } from './sms';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

/**
 * Every module, in the order app.ts registers them: each folder's index.ts exports one plugin that registers all its
 * routes and its models' hooks (`registerModelHooks`), which the model engine, registered after them, reads.
 */
export const modules = [
  siteConfigRoutes,
  authRoutes,
  userRoutes,
  boardRoutes,
  adminRoutes,
  habitRoutes,
  homeRoutes,
  journalRoutes,
  reviewRoutes,
  goalRoutes,
  sharedPageRoutes,
  simpleModelRoutes,
  calendarRoutes,
  muscleRoutes,
  exerciseRoutes,
  programRoutes,
  authorRoutes,
  creatorLedgerRoutes,
  paymentRoutes,
  aiRoutes,
  reflectionRoutes,
  invitationRoutes,
  reminderActionRoutes,
  notificationRoutes,
  pushRoutes,
  smsRoutes,
  unsubscribeRoutes,
  uploadRoutes,
];
