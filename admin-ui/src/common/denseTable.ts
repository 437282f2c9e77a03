/** Wide tables (ten and more columns): narrower cell padding, so the German headers fit at 1280 px without scrolling. */
export const denseColumns = { '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } } as const;

/** A column shown from 1200 px (MUI's lg) on: below, the list would scroll sideways (decisions 198, 287). */
export const WIDE_ONLY = { display: { xs: 'none', lg: 'table-cell' } } as const;
