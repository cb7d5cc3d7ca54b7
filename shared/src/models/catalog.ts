import type { ModelName } from './index';

/**
 * What the data layer and the list helpers need to know of each model, as plain data: loading or deleting
 * from a list then needs neither zod nor every model's schema, which only forms and the schema-driven
 * screens load (the registry, index.ts). catalog.test.ts holds these facts to the registry's.
 */
export interface ModelTraits {
  /** Human label for screens and messages. */
  label: string;
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
  reminder: { label: 'Reminder', state: 'reminders', titleField: 'title' },
  program: { label: 'Program', state: 'programs', titleField: 'title' },
  category: { label: 'Category', state: 'categories', titleField: 'name', positional: true },
  habit: { label: 'Habit', state: 'habits', titleField: 'title', positional: true },
  goal: { label: 'Goal', state: 'goals', titleField: 'title' },
  mood: { label: 'Mood', state: 'moods', titleField: 'note' },
  project: { label: 'Project', state: 'projects', titleField: 'title' },
  note: { label: 'Note', state: 'notes', titleField: 'title' },
  person: { label: 'Person', state: 'persons', titleField: 'name' },
  place: { label: 'Place', state: 'places', titleField: 'name' },
  exercise: { label: 'Exercise', state: 'exercises', titleField: 'name' },
  value: { label: 'Value', state: 'values', titleField: 'title', positional: true },
  mission: { label: 'Mission', state: 'mission', titleField: 'statement', single: true },
  belief: { label: 'Belief', state: 'beliefs', titleField: 'title', positional: true },
  workout: { label: 'Workout', state: 'workouts', titleField: 'title' },
  book: { label: 'Book', state: 'books', titleField: 'title' },
  event: { label: 'Event', state: 'events', titleField: 'title' },
  activity: { label: 'Activity', state: 'activities', titleField: 'title' },
  interest: { label: 'Interest', state: 'interests', titleField: 'title', positional: true },
  plannedactivity: { label: 'Planned activity', state: 'plannedActivities', titleField: 'title' },
  ritual: { label: 'Ritual', state: 'rituals', titleField: 'title', positional: true },
  routine: { label: 'Routine', state: 'routines', titleField: 'title', positional: true },
  workout_session: { label: 'Workout session', state: 'workoutSessions', titleField: 'started_at' },
  life_plan: { label: 'Life plan', state: 'lifePlans', titleField: 'title' },
  journal_entry: { label: 'Journal entry', state: 'journalEntries', titleField: 'title' },
  sleep_score: { label: 'Sleep', state: 'sleepScores', titleField: 'date' },
  quote: { label: 'Quote', state: 'quotes', titleField: 'text' },
  question: { label: 'Question', state: 'questions', titleField: 'text' },
  movie: { label: 'Movie', state: 'movies', titleField: 'title' },
  music: { label: 'Music', state: 'music', titleField: 'title' },
  website: { label: 'Website', state: 'websites', titleField: 'title' },
  business_idea: { label: 'Business idea', state: 'businessIdeas', titleField: 'title' },
  health_issue: { label: 'Health issue', state: 'healthIssues', titleField: 'title' },
  medicine: { label: 'Medicine', state: 'medicines', titleField: 'name' },
  skill: { label: 'Skill', state: 'skills', titleField: 'title', positional: true },
  resolution: { label: 'Resolution', state: 'resolutions', titleField: 'title', positional: true },
  shared_page: { label: 'Shared page', state: 'sharedPages', titleField: 'slug' },
  daily_activity_list: { label: 'Daily list', state: 'dailyActivityLists', titleField: 'title' },
  user_data_type: { label: 'Data type', state: 'userDataTypes', titleField: 'name' },
  user_data_record: { label: 'Record', state: 'userDataRecords', titleField: 'date' },
  chapter: { label: 'Chapter', state: 'chapters', titleField: 'title', positional: true },
};

export function traitsOf(name: string): ModelTraits | undefined {
  return Object.hasOwn(modelTraits, name) ? modelTraits[name as ModelName] : undefined;
}
