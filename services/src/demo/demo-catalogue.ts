/**
 * The word lists the demo generator draws from: German names, towns with their postcode and state,
 * banks (real routing codes and BICs; the account numbers are invented), foreign addresses and banks,
 * legal entities. Nothing here is a real person.
 */
import type { GermanState } from '@coop/contracts';

export const FEMALE_GIVEN = [
  'Anna', 'Maria', 'Ursula', 'Monika', 'Petra', 'Elke', 'Sabine', 'Claudia', 'Heike', 'Katrin', 'Andrea', 'Susanne', 'Birgit',
  'Julia', 'Lena', 'Laura', 'Sarah', 'Lisa', 'Hannah', 'Marie', 'Sophie', 'Emma', 'Mia', 'Lea', 'Gisela', 'Ingrid', 'Renate',
  'Karin', 'Brigitte', 'Helga', 'Gabriele', 'Stefanie', 'Nicole', 'Christina', 'Anja', 'Tanja', 'Sandra', 'Wiebke', 'Özlem', 'Jana',
] as const;
export const MALE_GIVEN = [
  'Thomas', 'Michael', 'Andreas', 'Stefan', 'Frank', 'Markus', 'Christian', 'Peter', 'Klaus', 'Jürgen', 'Wolfgang', 'Dieter',
  'Hans', 'Günter', 'Werner', 'Uwe', 'Ralf', 'Bernd', 'Matthias', 'Martin', 'Tobias', 'Florian', 'Lukas', 'Jonas', 'Felix',
  'Maximilian', 'Paul', 'Leon', 'Finn', 'Jan', 'Sebastian', 'Alexander', 'Daniel', 'Volker', 'Horst', 'Manfred', 'Ömer', 'Niklas',
] as const;
export const SURNAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch',
  'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann',
  'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann',
  'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert',
  'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht',
  'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin', 'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto',
  'Sommer', 'Groß', 'Seidel', 'Heinrich', 'Brandt', 'Haas', 'Schreiber', 'Graf', 'Yılmaz', 'Kaya', 'Nowak', 'Dietrich', 'Kuhn',
] as const;

export const STREETS = [
  'Hauptstraße', 'Schulstraße', 'Gartenstraße', 'Bahnhofstraße', 'Dorfstraße', 'Bergstraße', 'Birkenweg', 'Lindenstraße',
  'Kirchstraße', 'Waldstraße', 'Ringstraße', 'Schillerstraße', 'Goethestraße', 'Mühlenweg', 'Am Sonnenhang', 'Wiesenweg',
  'Feldstraße', 'Rosenstraße', 'Friedhofstraße', 'Eichendorffweg', 'Mozartstraße', 'Talstraße', 'Am Anger', 'Brunnengasse',
] as const;

/** Postcode, town and state code. The cooperative sits in Upper Bavaria; most members live nearby. */
export const HOME_TOWNS: readonly (readonly [string, string, GermanState])[] = [
  ['83022', 'Rosenheim', 'by'], ['83043', 'Bad Aibling', 'by'], ['83052', 'Bruckmühl', 'by'], ['83059', 'Kolbermoor', 'by'],
  ['83064', 'Raubling', 'by'], ['83088', 'Kiefersfelden', 'by'], ['83101', 'Rohrdorf', 'by'], ['83109', 'Großkarolinenfeld', 'by'],
  ['83022', 'Rosenheim', 'by'], ['83026', 'Rosenheim', 'by'], ['83080', 'Oberaudorf', 'by'], ['83209', 'Prien am Chiemsee', 'by'],
  ['83512', 'Wasserburg am Inn', 'by'], ['83607', 'Holzkirchen', 'by'], ['83714', 'Miesbach', 'by'], ['81667', 'München', 'by'],
];
export const OTHER_TOWNS: readonly (readonly [string, string, GermanState])[] = [
  ['10115', 'Berlin', 'be'], ['20095', 'Hamburg', 'hh'], ['50667', 'Köln', 'nw'], ['60311', 'Frankfurt am Main', 'he'],
  ['70173', 'Stuttgart', 'bw'], ['79098', 'Freiburg im Breisgau', 'bw'], ['01067', 'Dresden', 'sn'], ['04109', 'Leipzig', 'sn'],
  ['28195', 'Bremen', 'hb'], ['30159', 'Hannover', 'ni'], ['24103', 'Kiel', 'sh'], ['19053', 'Schwerin', 'mv'], ['14467', 'Potsdam', 'bb'],
  ['39104', 'Magdeburg', 'st'], ['99084', 'Erfurt', 'th'], ['55116', 'Mainz', 'rp'], ['66111', 'Saarbrücken', 'sl'], ['90402', 'Nürnberg', 'by'],
];

/** German banks: name, routing code (BLZ), BIC. */
export const GERMAN_BANKS: readonly (readonly [string, string, string])[] = [
  ['Sparkasse Rosenheim-Bad Aibling', '71150000', 'BYLADEM1ROS'],
  ['Stadtsparkasse München', '70150000', 'SSKMDEMMXXX'],
  ['Commerzbank', '37040044', 'COBADEFFXXX'],
  ['Deutsche Bank', '10070000', 'DEUTDEBBXXX'],
  ['Postbank', '10010010', 'PBNKDEFFXXX'],
  ['ING-DiBa', '50010517', 'INGDDEFFXXX'],
  ['GLS Gemeinschaftsbank', '43060967', 'GENODEM1GLS'],
  ['Deutsche Kreditbank', '12030000', 'BYLADEM1001'],
  ['Sparkasse KölnBonn', '37050198', 'COLSDE33XXX'],
  ['Hamburger Sparkasse', '20050550', 'HASPDEHHXXX'],
  ['Berliner Sparkasse', '10050000', 'BELADEBEXXX'],
  ['Sparkasse Hannover', '25050180', 'SPKHDE2HXXX'],
];

export interface ForeignPlace {
  readonly country: string;
  readonly towns: readonly (readonly [string, string])[];
  readonly streets: readonly string[];
  readonly bank: readonly [name: string, bankCode: string, bic: string];
  /** Characters of the account part after the bank code: 'n' digit, 'c' capital letter or digit. */
  readonly account: string;
  readonly phone: string;
}

export const FOREIGN_PLACES: readonly ForeignPlace[] = [
  { country: 'AT', towns: [['5020', 'Salzburg'], ['6020', 'Innsbruck'], ['6330', 'Kufstein']], streets: ['Linzer Gasse', 'Maria-Theresien-Straße', 'Bahnhofplatz'], bank: ['Erste Bank', '20111', 'GIBAATWWXXX'], account: 'nnnnnnnnnnn', phone: '+43 662' },
  { country: 'NL', towns: [['1012 AB', 'Amsterdam'], ['3511 AA', 'Utrecht']], streets: ['Prinsengracht', 'Oudegracht'], bank: ['ABN AMRO', 'ABNA', 'ABNANL2AXXX'], account: 'nnnnnnnnnn', phone: '+31 20' },
  { country: 'CH', towns: [['8001', 'Zürich'], ['4051', 'Basel']], streets: ['Bahnhofstrasse', 'Freie Strasse'], bank: ['UBS Switzerland', '00230', 'UBSWCHZH80A'], account: 'cccccccccccc', phone: '+41 44' },
  { country: 'LU', towns: [['1111', 'Luxembourg'], ['4001', 'Esch-sur-Alzette']], streets: ['Grand-Rue', 'Rue de la Gare'], bank: ['Spuerkeess', '001', 'BCEELULLXXX'], account: 'ccccccccccccc', phone: '+352' },
  { country: 'DK', towns: [['1050', 'København'], ['8000', 'Aarhus']], streets: ['Strøget', 'Vestergade'], bank: ['Danske Bank', '3000', 'DABADKKKXXX'], account: 'nnnnnnnnnn', phone: '+45' },
];

/** Legal entities: firm name patterns (`{town}` is replaced) with their legal form suffix. */
export const LEGAL_ENTITIES: readonly string[] = [
  'Stadtwerke {town} GmbH', 'Raiffeisenbank {town} eG', 'Sportverein {town} 1920 e.V.', 'Wohnungsbaugenossenschaft {town} eG',
  'Bäckerei Huber GmbH', 'Bürgerstiftung {town}', 'Landwirtschaftliche Maschinengemeinschaft {town} eG', 'Heimatverein {town} e.V.',
  'Zimmerei Gruber GmbH & Co. KG', 'Gemeindewerke {town} GmbH', 'Freiwillige Feuerwehr {town} e.V.', 'Solarpark {town} GmbH',
];

/** Church-tax communities by their common two-letter codes (DOMAIN.md section 10). */
export const CHURCHES_SOUTH = ['rk', 'rk', 'rk', 'ev', 'ev', 'ak'] as const;
export const CHURCHES_NORTH = ['ev', 'ev', 'ev', 'lt', 'rk', 'rf'] as const;

/** The demo cooperative's own data, used where the cooperative has none yet. */
export const DEMO_COOPERATIVE = {
  /** Internal name (SPEC "name (internal)"); also the first start's name when the demo makes a new store. */
  name: 'Bürgerenergie Inntal',
  fullName: 'Bürgerenergie Inntal eG',
  address: 'Innstraße 12',
  zip: '83022',
  city: 'Rosenheim',
  email: 'vorstand@buergerenergie-inntal.example',
  contactPerson: 'Maria Huber',
  url: 'https://buergerenergie-inntal.example',
  taxId: '1121081508150',
  bankname: 'Sparkasse Rosenheim-Bad Aibling',
  bic: 'BYLADEM1ROS',
  /** Completed with its check digits at run time. */
  bankCode: '71150000',
  account: '0012345678',
} as const;
