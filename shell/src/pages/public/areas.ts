/** The areas of Lifeboard as the public pages describe them (landing, overview): one list, so they agree. */
export interface AreaSummary {
  name: string;
  summary: string;
  details: string;
}

export const productAreas: readonly AreaSummary[] = [
  {
    name: 'Journal & notes',
    summary: 'Write daily entries, keep notes, log moods and collect quotes, books and ideas.',
    details:
      'A rich-text journal with one entry per day, notes you can pin, a mood log, and lists for the books, films, music, websites, people and places that matter to you. A page can be shared by a private link you can revoke.',
  },
  {
    name: 'Goals',
    summary: 'Set goals with a why, milestones and a target date, and see progress.',
    details:
      'Goals carry a reason, a status, milestones and a numeric target if you want one. Life plans group them by horizon, and your mission, values and beliefs sit beside them so every goal has a direction.',
  },
  {
    name: 'Habits',
    summary: 'Build habits with check-ins, streaks and a strength score.',
    details:
      'A habit can be a simple yes/no, or at least / at most a number, N times in D days or on fixed weekdays. Check in each day; strength, streaks and a heatmap are worked out from your check-ins.',
  },
  {
    name: 'Plans & calendar',
    summary: 'Plan activities, run routines, keep reminders and see your calendar.',
    details:
      'The planner holds planned activities, daily checklists, routines and rituals. Reminders reach you by e-mail. Reports show your habit summary, activity summary and goal timeline.',
  },
  {
    name: 'Fitness & sleep',
    summary: 'Log workouts by muscle, track sessions, sleep, medicines and health.',
    details:
      'Pick exercises from a muscle catalogue, build workouts, log sets in a session and see your volume. Sleep scores, health issues and medicines with their intake history live here too.',
  },
  {
    name: 'Programs',
    summary: 'Follow programs written by creators, or publish your own.',
    details:
      'A program installs goals, habits, routines and chapters into a board of its own. Creators write programs, set their price, and see their subscribers and earnings.',
  },
  {
    name: 'AI help',
    summary: 'Ask for help turning a goal into steps, with the model you choose.',
    details:
      'The goal coach suggests milestones and habits for a goal. You choose which AI model is used in your account settings; nothing is sent to it unless you ask.',
  },
];
