import { TableCell } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The header of a column of row buttons (open, edit): it shows nothing, but names the column for screen readers, since
 * an empty header cell leaves the column without a name (axe `empty-table-header`).
 */
export function ActionsHeader({ width }: { width?: number }) {
  const translate = useTranslate();
  return (
    <TableCell sx={width === undefined ? undefined : { width }}>
      <span className="cl-visually-hidden">{translate('coop.list.actions')}</span>
    </TableCell>
  );
}
