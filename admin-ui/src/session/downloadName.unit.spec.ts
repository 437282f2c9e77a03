import { describe, expect, it } from '@jest/globals';
import { downloadName } from './downloadName.js';

describe('downloads', () => {
  it('saves a download under the name of the answer', () => {
    expect(downloadName('attachment; filename="kistam-request.csv"', 'x.csv')).toBe('kistam-request.csv');
    expect(downloadName("attachment; filename*=UTF-8''FSAK%20Meldung.csv", 'x.csv')).toBe('FSAK Meldung.csv');
    expect(downloadName('attachment; filename=sepa.xml', 'x.xml')).toBe('sepa.xml');
    expect(downloadName(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
