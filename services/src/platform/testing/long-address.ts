/*
 * For tests: an address at the API's limits (TEXT_MAX: 70 characters a name, street and town, 16 a house number and
 * postcode) with umlauts, ß and letters beyond Latin-1, abroad; and how to find a field whole in a PDF's text shows.
 */

export const LONG_SURNAME = 'Größenwahn-Weißbäcker-Müller-Lüdenscheidt-Ößterreicher-Überschwang-Äßy';
export const LONG_GIVEN_NAME = 'Hans-Jürgen Maximilian Friedrich Wilhelm Ludwig Ögünç Łukasz Straßmann';
export const LONG_STREET = 'Hauptstraße der Gemeinde Sankt Wolfgang im Salzkammergut Oberösterreich';
export const LONG_CITY = 'Sankt Wolfgang im Salzkammergut an der Großglocknerhochalpenstraße Ost';

/** A member's address fields (as the members' list holds them) at those limits, in Austria. */
export const LONG_ADDRESS_ABROAD = {
  title: 'Dr',
  givenName: LONG_GIVEN_NAME,
  name: LONG_SURNAME,
  street: LONG_STREET,
  streetHomeNumber: '123a Stiege 4/17',
  zipCode: '5360',
  city: LONG_CITY,
  isForeign: true,
  country: 'AT',
} as const;

/** Its address block as the letters print it (`recipientLines`). */
export const LONG_RECIPIENT = [
  `Dr. ${LONG_GIVEN_NAME} ${LONG_SURNAME}`,
  `${LONG_STREET} 123a Stiege 4/17`,
  `5360 ${LONG_CITY}`,
  'ÖSTERREICH',
] as const;

/** A page's text shows joined: a line wrapped after a blank or a hyphen is several shows, a field is found whole. */
export const joinedShows = (page: readonly string[]): string => page.join(' ').replace(/- /g, '-');
