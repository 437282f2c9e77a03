import { TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The row a list's table shows when its page came back empty (not while it loads): one cell across every column. */
export function EmptyListRow({
  list,
  columns,
  text,
}: {
  list: { readonly isPending: boolean; readonly data: readonly unknown[] };
  columns: number;
  text?: string;
}) {
  const translate = useTranslate();
  if (list.isPending || list.data.length > 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {text ?? translate('coop.list.empty')}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
