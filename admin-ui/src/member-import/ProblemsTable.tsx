import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ValidationTemplate } from '@coop/contracts/console';
import { validationMessage } from '../data/validationErrors';
import type { ImportProblem } from './dto';

/** A problem's message in the clerk's language, from its template and parameters (as every validation error). */
export function problemMessage(problem: Pick<ImportProblem, 'template' | 'parameters' | 'field'>): string {
  return validationMessage({
    field: problem.field,
    template: problem.template as ValidationTemplate,
    parameters: problem.parameters,
  });
}

/** The dry run's problems (a scrolling region the keyboard can reach): file, sheet, row, column, value and the message (a problem of the whole import has no row). */
export function ProblemsTable({
  problems,
  labelledBy,
  columnOf,
}: {
  problems: readonly ImportProblem[];
  labelledBy: string;
  /** The "Column" cell: the file's header, or the field's label when the file has no column for it. */
  columnOf?: (problem: ImportProblem) => string;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`coop.memberImport.check.${key}`);
  return (
    <TableContainer sx={{ maxHeight: 480 }} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <Table size="small" stickyHeader aria-labelledby={labelledBy} data-testid="import-problems">
        <TableHead>
          <TableRow>
            <TableCell>{t('file')}</TableCell>
            <TableCell>{t('sheet')}</TableCell>
            <TableCell align="right">{t('row')}</TableCell>
            <TableCell>{t('column')}</TableCell>
            <TableCell>{t('value')}</TableCell>
            <TableCell>{t('message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {problems.map((p, i) => (
            <TableRow key={i} data-testid="import-problem" data-row={p.row ?? ''} data-template={p.template}>
              <TableCell>{p.file ?? ''}</TableCell>
              <TableCell>{p.sheet && p.sheet !== p.file ? p.sheet : ''}</TableCell>
              <TableCell align="right">{p.row ?? t('wholeImport')}</TableCell>
              <TableCell data-testid="import-problem-column">{columnOf ? columnOf(p) : (p.column ?? '')}</TableCell>
              <TableCell sx={{ maxWidth: 200, wordBreak: 'break-word' }}>{p.value ?? ''}</TableCell>
              <TableCell data-testid="import-problem-message">{problemMessage(p)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
