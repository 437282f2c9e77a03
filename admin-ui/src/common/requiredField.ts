/**
 * A field the server requires (contracts' `Required`): react-admin marks its label before saving (a validator with
 * `isRequired`), and an empty one is named as the server names it, "Darf nicht leer sein" (mustNotBeEmpty, issue 43),
 * never "Ungültige Auswahl".
 */
export const requiredField = Object.assign(
  (value: unknown): string | undefined =>
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
      ? 'coop.validation.mustNotBeEmpty'
      : undefined,
  { isRequired: true },
);
