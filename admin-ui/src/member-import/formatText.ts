import type { DetectedFormat } from './dto';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const DELIMITERS: Record<string, string> = { ';': 'semicolon', ',': 'comma', '\t': 'tab' };

/** What was detected in a file, in words: "CSV file, encoding UTF-8, separated by semicolons; numbers German (1.234,56), dates German (31.12.2024)". */
export function describeFormat(translate: Translate, format: DetectedFormat): string {
  const kind =
    format.fileType === 'csv'
      ? translate('coop.memberImport.format.csv', {
          encoding: format.encoding ? translate(`coop.memberImport.format.encodings.${format.encoding}`) : '–',
          delimiter: format.delimiter
            ? translate(`coop.memberImport.format.delimiters.${DELIMITERS[format.delimiter] ?? 'semicolon'}`)
            : '–',
        })
      : translate('coop.memberImport.format.xlsx');
  const numbers = translate('coop.memberImport.format.numbersAre', {
    numbers: translate(`coop.memberImport.format.numbers.${format.numbers}`),
  });
  const dates = translate('coop.memberImport.format.datesAre', {
    dates: translate(`coop.memberImport.format.dates.${format.dates}`),
  });
  return `${kind}; ${numbers}, ${dates}`;
}
