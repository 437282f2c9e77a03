import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded at the first workbook written or read instead of with every start: with its dependencies it is
 * about 670 of the 1,540 CommonJS modules the API loaded, half a second of each start and of each API test file
 * (decision 238). Later calls get the module already loaded.
 */
export function exceljs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
