/**
 * The reading-and-reflection collections of this area, each a page on the schema-driven kit: the path,
 * the model, what the page says about itself, what a new record starts with, and the choice field its
 * list can be narrowed by (a book's reading status, a film's, a business idea's stage...).
 */
export interface CollectionRoute {
  path: string;
  model: string;
  description: string;
  defaults?: Record<string, unknown>;
  filterField?: string;
}

export const collectionRoutes: CollectionRoute[] = [
  { path: '/quotes', model: 'quote', description: 'Words worth keeping, with who said them and where.' },
  {
    path: '/questions',
    model: 'question',
    description: 'Questions you are living with, and the answers as they come.',
  },
  {
    path: '/books',
    model: 'book',
    description: 'What you want to read, are reading and have read — with a rating and notes when you finish.',
    defaults: { status: 'want' },
    filterField: 'status',
  },
  {
    path: '/movies',
    model: 'movie',
    description: 'Films to watch and films that stayed with you.',
    defaults: { status: 'want' },
    filterField: 'status',
  },
  {
    path: '/music',
    model: 'music',
    description: 'Albums, songs, artists and playlists you love.',
    defaults: { kind: 'album' },
    filterField: 'kind',
  },
  {
    path: '/websites',
    model: 'website',
    description: 'Sites and articles worth returning to, tagged so you find them again.',
  },
  {
    path: '/business-ideas',
    model: 'business_idea',
    description: 'Problems you noticed and how you might solve them, from first idea to launch.',
    defaults: { stage: 'idea' },
    filterField: 'stage',
  },
  {
    path: '/people',
    model: 'person',
    description: 'The people in your life: birthdays, how you know them, when you last talked.',
  },
  { path: '/places', model: 'place', description: 'Places you have been and places you want to go.' },
];
