import type { AnyModelDefinition } from './define';
import { activity } from './activity';
import { belief } from './belief';
import { book } from './book';
import { category } from './category';
import { chapter } from './chapter';
import { business_idea, health_issue, medicine, movie, music, question, quote, website } from './collections';
import { daily_activity_list } from './daily_activity_list';
import { event } from './event';
import { exercise } from './exercise';
import { goal } from './goal';
import { habit } from './habit';
import { interest } from './interest';
import { journal_entry } from './journal_entry';
import { journal_template } from './journal_template';
import { weekly_review } from './weekly_review';
import { life_plan } from './life_plan';
import { mission } from './mission';
import { mood } from './mood';
import { note } from './note';
import { person } from './person';
import { place } from './place';
import { plannedactivity } from './plannedactivity';
import { program } from './program';
import { project } from './project';
import { reminder } from './reminder';
import { resolution } from './resolution';
import { ritual } from './ritual';
import { routine } from './routine';
import { shared_page } from './shared_page';
import { skill } from './skill';
import { sleep_score } from './sleep_score';
import { user_data_record, user_data_type } from './user_data';
import { value } from './value';
import { workout } from './workout';
import { workout_session } from './workout_session';

export * from './define';
export { simpleModelNames, type SimpleModelName } from './mission';

/** The spec's 26 fetchable models, then the collection models the routes need (api-contract.md). */
export const models = {
  reminder,
  program,
  category,
  habit,
  goal,
  mood,
  project,
  note,
  person,
  place,
  exercise,
  value,
  mission,
  belief,
  workout,
  book,
  event,
  activity,
  interest,
  plannedactivity,
  ritual,
  routine,
  workout_session,
  life_plan,
  journal_entry,
  sleep_score,
  quote,
  question,
  movie,
  music,
  website,
  business_idea,
  health_issue,
  medicine,
  skill,
  resolution,
  shared_page,
  daily_activity_list,
  user_data_type,
  user_data_record,
  chapter,
  journal_template,
  weekly_review,
} satisfies Record<string, AnyModelDefinition>;

export type ModelName = keyof typeof models;
export const modelNames = Object.keys(models) as ModelName[];

export function findModel(name: string): AnyModelDefinition | undefined {
  return Object.hasOwn(models, name) ? (models as Record<string, AnyModelDefinition>)[name] : undefined;
}
