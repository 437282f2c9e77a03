/**
 * Text as an XML 1.0 part may hold it (the import's problem workbook, the ODS member list): without the C0 controls
 * other than tab, line feed and carriage return, and without U+FFFE and U+FFFF, which no XML part holds (exceljs drops
 * only the controls; a spreadsheet then cannot read the part; decision 403). Pure.
 */
// eslint-disable-next-line no-control-regex -- the controls are what is removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export const xmlText = (text: string): string => text.replace(NOT_XML, '');
