import { models } from '@lifeboard/shared/models';
import type { ModelName } from '@lifeboard/shared/models';
import { modelTable, type ModelTable } from './model-table';

// One exported table per model: drizzle-kit only sees top-level exports when it generates migrations.
export const reminderTable = modelTable(models.reminder);
export const programTable = modelTable(models.program);
export const categoryTable = modelTable(models.category);
export const habitTable = modelTable(models.habit);
export const goalTable = modelTable(models.goal);
export const moodTable = modelTable(models.mood);
export const projectTable = modelTable(models.project);
export const noteTable = modelTable(models.note);
export const personTable = modelTable(models.person);
export const placeTable = modelTable(models.place);
export const exerciseTable = modelTable(models.exercise);
export const valueTable = modelTable(models.value);
export const missionTable = modelTable(models.mission);
export const beliefTable = modelTable(models.belief);
export const workoutTable = modelTable(models.workout);
export const bookTable = modelTable(models.book);
export const eventTable = modelTable(models.event);
export const activityTable = modelTable(models.activity);
export const interestTable = modelTable(models.interest);
export const plannedactivityTable = modelTable(models.plannedactivity);
export const ritualTable = modelTable(models.ritual);
export const routineTable = modelTable(models.routine);
export const workout_sessionTable = modelTable(models.workout_session);
export const life_planTable = modelTable(models.life_plan);
export const journal_entryTable = modelTable(models.journal_entry);
export const sleep_scoreTable = modelTable(models.sleep_score);
export const quoteTable = modelTable(models.quote);
export const questionTable = modelTable(models.question);
export const movieTable = modelTable(models.movie);
export const musicTable = modelTable(models.music);
export const websiteTable = modelTable(models.website);
export const business_ideaTable = modelTable(models.business_idea);
export const health_issueTable = modelTable(models.health_issue);
export const medicineTable = modelTable(models.medicine);
export const skillTable = modelTable(models.skill);
export const resolutionTable = modelTable(models.resolution);
export const shared_pageTable = modelTable(models.shared_page);
export const daily_activity_listTable = modelTable(models.daily_activity_list);
export const user_data_typeTable = modelTable(models.user_data_type);
export const user_data_recordTable = modelTable(models.user_data_record);
export const chapterTable = modelTable(models.chapter);
export const journal_templateTable = modelTable(models.journal_template);
export const weekly_reviewTable = modelTable(models.weekly_review);

export const modelTables: Record<ModelName, ModelTable> = {
  reminder: reminderTable,
  program: programTable,
  category: categoryTable,
  habit: habitTable,
  goal: goalTable,
  mood: moodTable,
  project: projectTable,
  note: noteTable,
  person: personTable,
  place: placeTable,
  exercise: exerciseTable,
  value: valueTable,
  mission: missionTable,
  belief: beliefTable,
  workout: workoutTable,
  book: bookTable,
  event: eventTable,
  activity: activityTable,
  interest: interestTable,
  plannedactivity: plannedactivityTable,
  ritual: ritualTable,
  routine: routineTable,
  workout_session: workout_sessionTable,
  life_plan: life_planTable,
  journal_entry: journal_entryTable,
  sleep_score: sleep_scoreTable,
  quote: quoteTable,
  question: questionTable,
  movie: movieTable,
  music: musicTable,
  website: websiteTable,
  business_idea: business_ideaTable,
  health_issue: health_issueTable,
  medicine: medicineTable,
  skill: skillTable,
  resolution: resolutionTable,
  shared_page: shared_pageTable,
  daily_activity_list: daily_activity_listTable,
  user_data_type: user_data_typeTable,
  user_data_record: user_data_recordTable,
  chapter: chapterTable,
  journal_template: journal_templateTable,
  weekly_review: weekly_reviewTable,
};
