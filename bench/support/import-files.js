// The import bench's two CSV files (bench/import.js): from a fixed seed, `mitglieder.csv` and `buchungen.csv` in the
// Excel dialect a German clerk's program writes, as the bench's header describes.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { built, rng, round } from '../lib.js';

const { ibanFor, steuerIdFor } = await built('services/dist/demo/demo-check-digits.js');
const { interestBeginFor } = await built('contracts/dist/index.js');

const GIVEN = ['Jürgen', 'Anna', 'Özlem', 'Hans-Peter', 'Marie', 'Lukas', 'Sören', 'Ingrid'];
const NAMES = ['Weiß', 'Müller', 'Schröder', 'Groß', 'Bäcker', 'Schmidt', 'Özdemir', 'Hoffmann', 'Kühn'];
const CITIES = [
  ['Rosenheim', '83022'],
  ['München', '80331'],
  ['Köln', '50667'],
  ['Görlitz', '02826'],
];
const STATES = ['by', 'by', 'nw', 'sn'];

const DAY = 86_400_000;
const FIRST = Date.UTC(2000, 0, 3);
const LAST = Date.UTC(2025, 11, 15);
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const german = (isoDate) => `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;

/** Writes lines to a file in large chunks. */
function lineWriter(file) {
  const fd = openSync(file, 'w');
  let chunk = [];
  const flush = () => {
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\r\n')}\r\n`);
    chunk = [];
  };
  return {
    line(cells) {
      chunk.push(
        cells
          .map((c) =>
            c === null || c === undefined
              ? ''
              : /[;"\r\n]/.test(String(c))
                ? `"${String(c).replace(/"/g, '""')}"`
                : String(c),
          )
          .join(';'),
      );
      if (chunk.length >= 20_000) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/** The two CSV files; returns their paths and what they hold. */
export function generate(dir, MEMBERS, POSTINGS) {
  const random = rng(29);
  const int = (n) => Math.floor(random() * n);
  const membersFile = join(dir, 'mitglieder.csv');
  const postingsFile = join(dir, 'buchungen.csv');
  const members = lineWriter(membersFile);
  const postings = lineWriter(postingsFile);
  members.line([
    '\uFEFFMitgliedsnummer',
    'Mitgliedsart',
    'Funktion',
    'Anrede',
    'Briefanrede',
    'Titel',
    'Name / Firma',
    'Vorname',
    'Geburtsdatum',
    'Rechtsform',
    'Familienstand',
    'Straße',
    'Hausnummer',
    'PLZ',
    'Ort',
    'Bundesland',
    'Ausland',
    'E-Mail',
    'Bank',
    'IBAN',
    'BIC',
    'Eintrittsdatum',
    'Zulassungsdatum',
    'Verzinsungsbeginn',
    'Steuer-ID',
  ]);
  postings.line([
    '\uFEFFMitgliedsnummer',
    'Buchungsnummer',
    'Buchungsart',
    'Anzahl',
    'Datum',
    'Zulassungsdatum',
    'Verzinsungsbeginn',
    'Gegenmitglied',
    'Gegenbuchung',
    'Storno von',
  ]);
  const entry = [];
  for (let i = 0; i < MEMBERS; i++) entry.push(FIRST + int(Math.floor((LAST - FIRST) / DAY) - 400) * DAY);
  entry.sort((a, b) => a - b);
  // Postings per member besides the subscription, transfers counting two: about POSTINGS in all.
  const perMember = Math.max(0, POSTINGS / MEMBERS - 1);
  let written = 0;
  let ref = 0;
  const byType = { 0: 0, 1: 0, 3: 0, 4: 0, 5: 0 };
  const row = (cells) => {
    postings.line(cells);
    written += 1;
  };
  const dated = (ms) => {
    const date = iso(ms);
    const approval = iso(ms + (3 + int(20)) * DAY);
    return [german(date), german(approval), german(interestBeginFor(approval, 'nextMonth'))];
  };
  // A tax id belongs to one person (issue 39): a drawn id that another member already has is drawn again, or the
  // import refuses the register (400 taxIdTaken) and the write is never measured.
  const taxIds = new Set();
  const uniqueSteuerId = () => {
    for (;;) {
      const id = steuerIdFor(random);
      if (!taxIds.has(id)) {
        taxIds.add(id);
        return id;
      }
    }
  };
  for (let i = 0; i < MEMBERS; i++) {
    const nr = i + 1;
    const [city, zip] = CITIES[i % CITIES.length];
    const [date, approval, interest] = dated(entry[i]);
    const [state, female] = [STATES[i % STATES.length], i % 2 === 1];
    members.line([
      nr,
      'Beitritt',
      'Mitglied',
      female ? 'Frau' : 'Herr',
      female ? 'female' : 'male',
      'keiner',
      NAMES[int(NAMES.length)],
      GIVEN[int(GIVEN.length)],
      german(iso(Date.UTC(1940 + int(60), int(12), 1 + int(28)))),
      'natürliche Person',
      int(2) ? 'ledig' : 'verheiratet',
      'Hauptstraße',
      String(1 + int(200)),
      zip,
      city,
      state,
      'nein',
      `mitglied${nr}@example.org`,
      'Musterbank',
      ibanFor('DE', `${String(70000000 + int(9999999))}${String(int(1e10)).padStart(10, '0')}`),
      'COBADEFFXXX',
      date,
      approval,
      interest,
      i % 2 === 0 ? uniqueSteuerId() : null,
    ]);
    // The subscription: five shares (the minimum is two), so a transfer of one and an annulation never go below it.
    row([nr, `B${++ref}`, 0, 5, date, approval, interest, null, null, null]);
    byType[0] += 1;
    // Further postings on later days up to LAST: additional shares, now and then one annulled, a transfer to the next member.
    let count = Math.round(perMember * (0.5 + random()));
    let day = entry[i];
    let annulled = false;
    // The member's own shares as its postings go (transfers received only add): a transfer leaves at least the minimum.
    let held = 5;
    while (count > 0 && written < POSTINGS) {
      day += (1 + int(Math.max(2, Math.floor((LAST - day) / DAY / (count + 1))))) * DAY;
      if (day > LAST) break;
      const [d, a, b] = dated(day);
      const next = i + 1 < MEMBERS && entry[i + 1] < day && count >= 2 && held > 3 && random() < 0.06;
      if (next) {
        const out = `B${++ref}`;
        const inn = `B${++ref}`;
        row([nr, out, 3, 1, d, a, b, nr + 1, inn, null]);
        row([nr + 1, inn, 4, 1, d, a, b, nr, out, null]);
        byType[3] += 1;
        byType[4] += 1;
        held -= 1;
        count -= 2;
        continue;
      }
      const own = `B${++ref}`;
      const quantity = 1 + int(4);
      row([nr, own, 1, quantity, d, a, b, null, null, null]);
      byType[1] += 1;
      held += quantity;
      count -= 1;
      if (!annulled && count >= 1 && random() < 0.05) {
        row([nr, `B${++ref}`, 5, null, d, a, b, null, null, own]);
        byType[5] += 1;
        held -= quantity;
        annulled = true;
        count -= 1;
      }
    }
  }
  members.close();
  postings.close();
  return {
    files: [membersFile, postingsFile],
    postings: written,
    byType,
    sizeMb: round((statSync(membersFile).size + statSync(postingsFile).size) / 1e6, 1),
  };
}
