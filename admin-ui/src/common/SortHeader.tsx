import { TableCell, TableSortLabel, type SxProps, type Theme } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { ServerList } from '../data/useServerList';

/**
 * A column header that cycles ascending, descending, none on click (`title`: the full name of a short label; `align`:
 * `right` over a column of amounts, so the label stands above the figures; `sx`: e.g. a column shown only on wide screens).
 */
export function SortHeader({
  list,
  field,
  label,
  width,
  title,
  align,
  sx,
}: {
  list: ServerList<RaRecord>;
  field: string;
  label: string;
  width?: number | string;
  title?: string;
  align?: 'right';
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const active = list.sort?.field === field;
  const direction = active && list.sort?.order === 'DESC' ? 'desc' : 'asc';
  return (
    <TableCell
      align={align}
      sortDirection={active ? direction : false}
      sx={[{ width, fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => list.cycleSort(field)}
        title={title ? `${title} · ${translate('coop.list.sortHint')}` : translate('coop.list.sortHint')}
        data-testid={`sort-${field}`}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
