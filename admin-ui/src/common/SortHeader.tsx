import { TableCell, TableSortLabel, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import type { ServerList } from '../data/useServerList';

/**
 * A column header that cycles ascending, descending, none on click (`title`: the full name of a short label; `align`:
 * `right` over a column of amounts, so the label stands above the figures; `sx`: e.g. a column shown only on wide screens).
 * `second`: a column holding two values, one under the other, headed "first /" above "second", each sorted by its own
 * label.
 */
export function SortHeader({
  list,
  field,
  label,
  second,
  width,
  title,
  align,
  sx,
}: {
  list: ServerList<RaRecord>;
  field: string;
  label: string;
  second?: { field: string; label: string };
  width?: number | string;
  title?: string;
  align?: 'right';
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const directionOf = (f: string) => (list.sort?.field === f ? (list.sort.order === 'DESC' ? 'desc' : 'asc') : null);
  const direction = directionOf(field) ?? (second ? directionOf(second.field) : null);
  const sortLabel = (f: string, text: ReactNode, fullName?: string) => (
    <TableSortLabel
      active={directionOf(f) !== null}
      direction={directionOf(f) ?? 'asc'}
      onClick={() => list.cycleSort(f)}
      title={fullName ? `${fullName} · ${translate('coop.list.sortHint')}` : translate('coop.list.sortHint')}
      data-testid={`sort-${f}`}
    >
      {text}
    </TableSortLabel>
  );
  return (
    <TableCell
      align={align}
      sortDirection={direction ?? false}
      sx={[{ width, fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
    >
      {second ? (
        <>
          {/* "first /" above "second", as the cells show the two values; the slash is not part of the button's name. */}
          <div>
            {sortLabel(
              field,
              <>
                {label}
                <span aria-hidden="true">&nbsp;/</span>
              </>,
              title,
            )}
          </div>
          <div>{sortLabel(second.field, second.label)}</div>
        </>
      ) : (
        sortLabel(field, label, title)
      )}
    </TableCell>
  );
}
