import type { SimpleModelName } from '@lifeboard/shared/models';

export interface GuidedQuestion {
  /** Stable answer key (lower-case words), as the API's `responses` requires. */
  id: string;
  text: string;
  hint: string;
}

export interface GuidedDocument {
  model: SimpleModelName;
  title: string;
  intro: string;
  questions: GuidedQuestion[];
}

/** The guided one-document pages: a short set of questions each, answered in your own words. */
export const guidedDocuments: Record<string, GuidedDocument> = {
  '/mission': {
    model: 'mission',
    title: 'Mission',
    intro:
      'Your mission is what you are here to do, in a sentence you could say out loud. Answer the questions, then distil them.',
    questions: [
      {
        id: 'energises',
        text: 'What activities make you lose track of time?',
        hint: 'Think of moments when effort felt easy.',
      },
      {
        id: 'serve',
        text: 'Who do you most want to help, and with what?',
        hint: 'A group of people, a cause, a craft.',
      },
      { id: 'strengths', text: 'What do people come to you for?', hint: 'The strengths others already rely on.' },
      {
        id: 'legacy',
        text: 'What would you like to be remembered for?',
        hint: 'Imagine a friend describing you in twenty years.',
      },
      { id: 'statement', text: 'Your mission in one sentence', hint: '“I … so that …”' },
    ],
  },
  '/purpose': {
    model: 'purpose',
    title: 'Purpose',
    intro: 'Purpose is the why behind your choices. It keeps you going when motivation fades.',
    questions: [
      {
        id: 'matters',
        text: 'What matters to you more than comfort?',
        hint: 'What would you give up an easy evening for?',
      },
      {
        id: 'anger',
        text: 'What problem in the world makes you want to act?',
        hint: 'Frustration often points at purpose.',
      },
      {
        id: 'proud',
        text: 'When have you felt most proud of yourself, and why?',
        hint: 'Look for the value under the event.',
      },
      {
        id: 'enough',
        text: 'What would make this year meaningful, even if nothing else went well?',
        hint: 'One thing.',
      },
      { id: 'why', text: 'Your purpose in a sentence', hint: '“I do what I do because …”' },
    ],
  },
  '/vision': {
    model: 'vision',
    title: 'Vision',
    intro: 'A vision is a vivid picture of your life a few years from now. Be concrete: places, people, days.',
    questions: [
      {
        id: 'ordinary_day',
        text: 'Describe an ordinary day five years from now.',
        hint: 'Where you wake up, what you do, who is with you.',
      },
      { id: 'work', text: 'What work are you doing, and how does it feel?', hint: 'Role, pace, what you create.' },
      { id: 'relationships', text: 'What are your closest relationships like?', hint: 'Family, friends, community.' },
      { id: 'health', text: 'How do you look after your body and mind?', hint: 'Movement, sleep, rest, learning.' },
      {
        id: 'first_step',
        text: 'What is the first step toward this you can take this month?',
        hint: 'Small and specific.',
      },
    ],
  },
  '/ethos': {
    model: 'ethos',
    title: 'Ethos',
    intro: 'Your ethos is the character you bring to everything: the rules you keep even when no one is watching.',
    questions: [
      { id: 'non_negotiables', text: 'What will you never do, whatever the reward?', hint: 'Your lines in the sand.' },
      {
        id: 'treat_others',
        text: 'How do you want people to feel after time with you?',
        hint: 'Respected, heard, encouraged…',
      },
      {
        id: 'hard_times',
        text: 'How do you want to behave when things go wrong?',
        hint: 'Under stress, in conflict, after failure.',
      },
      {
        id: 'role_models',
        text: 'Whose character do you admire, and which trait of theirs?',
        hint: 'Real or fictional.',
      },
      { id: 'motto', text: 'Your ethos as a short motto', hint: 'A few words you can recall in the moment.' },
    ],
  },
  '/managing-stress': {
    model: 'managing_stress',
    title: 'Managing stress',
    intro: 'Stress is easier to handle when you know its signs and have a plan ready before you need it.',
    questions: [
      {
        id: 'triggers',
        text: 'What situations reliably stress you?',
        hint: 'Deadlines, conflict, uncertainty, noise…',
      },
      { id: 'signals', text: 'What are your early warning signs?', hint: 'In your body, mood, sleep or habits.' },
      { id: 'helps', text: 'What helps you calm down within ten minutes?', hint: 'Breathing, a walk, music, a call.' },
      {
        id: 'prevention',
        text: 'What routine keeps your stress lower overall?',
        hint: 'Sleep, exercise, boundaries, planning.',
      },
      { id: 'support', text: 'Who can you ask for help, and how?', hint: 'Name people and what you would say.' },
      { id: 'plan', text: 'Your plan for the next stressful day', hint: 'If … then I will …' },
    ],
  },
  '/setting-goals': {
    model: 'setting_goals',
    title: 'Setting goals',
    intro:
      'Good goals are specific, measurable, within reach, relevant to your values and bound in time. Think one through here, then add it under My goals.',
    questions: [
      {
        id: 'area',
        text: 'Which area of life needs attention most right now?',
        hint: 'Health, relationships, work, money, growth, fun.',
      },
      {
        id: 'outcome',
        text: 'What exactly do you want to achieve?',
        hint: 'Specific enough that a stranger could tell if you did it.',
      },
      { id: 'measure', text: 'How will you measure progress?', hint: 'A number, milestones, or a yes/no.' },
      { id: 'why', text: 'Why does this matter to you?', hint: 'Connect it to your values or mission.' },
      { id: 'deadline', text: 'By when, and what is the first milestone?', hint: 'A date and the next concrete step.' },
      {
        id: 'obstacles',
        text: 'What could get in the way, and what will you do then?',
        hint: 'If obstacle, then action.',
      },
    ],
  },
};
