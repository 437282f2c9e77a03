import { describe, expect, it } from '@jest/globals';
import { asciiFileName, attachment, downloadName, fileNamePart } from './attachment.js';

describe('download names', () => {
  it('names the content, year and cooperative, with an ASCII name and the UTF-8 one (RFC 5987)', () => {
    const name = downloadName(
      ['Dividende', '2025', 'SEPA', fileNamePart('Bürgerenergie Süd eG', 'Genossenschaft')],
      'xml',
    );
    expect(name).toBe('Dividende-2025-SEPA-Bürgerenergie-Süd-eG.xml');
    expect(attachment(name)).toBe(
      `attachment; filename="Dividende-2025-SEPA-Buergerenergie-Sued-eG.xml"; filename*=UTF-8''Dividende-2025-SEPA-B%C3%BCrgerenergie-S%C3%BCd-eG.xml`,
    );
  });

  it('leaves out what no file system takes and keeps a name when nothing is left', () => {
    expect(fileNamePart(' a/b\\c:d*e?"f<g>h|i\u0000j ', 'x')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(fileNamePart(' / : ', 'Genossenschaft')).toBe('Genossenschaft');
    expect(fileNamePart('x'.repeat(10_000), 'y')).toHaveLength(60);
    expect(asciiFileName('Łódź "Straße" 1')).toBe('_odz _Strasse_ 1');
  });
});
