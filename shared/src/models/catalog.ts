import type { ModelName } from './index';

/**
 * What the data layer and the list helpers need to know of each model, as plain data: loading or deleting
 * from a list then needs neither zod nor every model's schema, which only forms and the schema-driven
 * screens load (the registry, index.ts). catalog.test.ts holds these facts to the registry's.
 */
export interface ModelTraits {
  /** Human label for screens and messages. */
  label: string;
  /** The label of a list of them ("People"). */
  plural: string;
  /** The key of the list in an answer (spec §4's state names). */
  state: string;
  /** The field that names a record. */
  titleField: string;
  /** One record per board (mission). */
  single?: true;
  /** Ordered by `position`: a new item goes last. */
  positional?: true;
}

export const modelTraits: Readonly<Record<ModelName, ModelTraits>> = {
  reminder: { label: 'Reminder', plural: 'Reminders', state: 'reminders', titleField: 'title' },
  program: { label: 'Program', plural: 'Programs', state: 'programs', titleField: 'title' },
  category: { label: 'Category', plural: 'Categories', state: 'categories', titleField: 'name', positional: true },
  habit: { label: 'Habit', plural: 'Habits', state: 'habits', titleField: 'title', positional: true },
  goal: { label: 'Goal', plural: 'Goals', state: 'goals', titleField: 'title' },
  mood: { label: 'Mood', plural: 'Moods', state: 'moods', titleField: 'note' },
  project: { label: 'Project', plural: 'Projects', state: 'projects', titleField: 'title' },
  note: { label: 'Note', plural: 'Notes', state: 'notes', titleField: 'title' },
  person: { label: 'Person', plural: 'People', state: 'persons', titleField: 'name' },
  place: { label: 'Place', plural: 'Places', state: 'places', titleField: 'name' },
  exercise: { label: 'Exercise', plural: 'Exercises', state: 'exercises', titleField: 'name' },
  value: { label: 'Value', plural: 'Values', state: 'values', titleField: 'title', positional: true },
  mission: { label: 'Mission', plural: 'Mission', state: 'mission', titleField: 'statement', single: true },
  belief: { label: 'Belief', plural: 'Beliefs', state: 'beliefs', titleField: 'title', positional: true },
  workout: { label: 'Workout', plural: 'Workouts', state: 'workouts', titleField: 'title' },
  book: { label: 'Book', plural: 'Books', state: 'books', titleField: 'title' },
  event: { label: 'Event', plural: 'Events', state: 'events', titleField: 'title' },
  activity: { label: 'Activity', plural: 'Activities', state: 'activities', titleField: 'title' },
  interest: { label: 'Interest', plural: 'Interests', state: 'interests', titleField: 'title', positional: true },
  plannedactivity: { label: 'Planned activity', plural: 'Planned activities', state: 'plannedActivities', titleField: 'title' },
  ritual: { label: 'Ritual', plural: 'Rituals', state: 'rituals', titleField: 'title', positional: true },
  routine: { label: 'Routine', plural: 'Routines', state: 'routines', titleField: 'title', positional: true },
  workout_session: { label: 'Workout session', plural: 'Workout sessions', state: 'workoutSessions', titleField: 'started_at' },
  life_plan: { label: 'Life plan', plural: 'Life plans', state: 'lifePlans', titleField: 'title' },
  journal_entry: { label: 'Journal entry', plural: 'Journal entries', state: 'journalEntries', titleField: 'title' },
  sleep_score: { label: 'Sleep', plural: 'Sleep', state: 'sleepScores', titleField: 'date' },
  quote: { label: 'Quote', plural: 'Quotes', state: 'quotes', titleField: 'text' },
  question: { label: 'Question', plural: 'Questions', state: 'questions', titleField: 'text' },
  movie: { label: 'Movie', plural: 'Movies', state: 'movies', titleField: 'title' },
  music: { label: 'Music', plural: 'Music', state: 'music', titleField: 'title' },
  website: { label: 'Website', plural: 'Websites', state: 'websites', titleField: 'title' },
  business_idea: { label: 'Business idea', plural: 'Business ideas', state: 'businessIdeas', titleField: 'title' },
  health_issue: { label: 'Health issue', plural: 'Health issues', state: 'healthIssues', titleField: 'title' },
  medicine: { label: 'Medicine', plural: 'Medicines', state: 'medicines', titleField: 'name' },
  skill: { label: 'Skill', plural: 'Skills', state: 'skills', titleField: 'title', positional: true },
  resolution: { label: 'Resolution', plural: 'Resolutions', state: 'resolutions', titleField: 'title', positional: true },
  shared_page: { label: 'Shared page', plural: 'Shared pages', state: 'sharedPages', titleField: 'slug' },
  daily_activity_list: { label: 'Daily list', plural: 'Daily lists', state: 'dailyActivityLists', titleField: 'title' },
  user_data_type: { label: 'Data type', plural: 'Data types', state: 'userDataTypes', titleField: 'name' },
  user_data_record: { label: 'Record', plural: 'Records', state: 'userDataRecords', titleField: 'date' },
  chapter: { label: 'Chapter', plural: 'Chapters', state: 'chapters', titleField: 'title', positional: true },
};

export function traitsOf(name: string): ModelTraits | undefined {
  return Object.hasOwn(modelTraits, name) ? modelTraits[name as ModelName] : undefined;
}
