/** A dashboard card's title: a level-2 heading in the h6 style (the page's h1 is the member's name). */
export const cardTitle = { title: { variant: 'h6', component: 'h2' } } as const;
