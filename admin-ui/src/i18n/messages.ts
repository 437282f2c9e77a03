/**
 * The shape every language must fill: the same keys as English, each a string. Each part of the German catalogue
 * (`de.ts` and the `<area>.de.ts` beside the screens) is typed with it from its English part.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
