import { useTranslate, type RaRecord } from 'react-admin';
import type { ServerList } from '../data/useServerList';
import { Icon } from '../plain/icons';

/**
 * `SortHeader.tsx`'s header for a plain table (`plain/plain.css`'s `cl-table`), as MUI's sort label looks; its own file,
 * so that a plain list (the users screen, the first one) does not load MUI's table cells with it (issue 43).
 */
export function PlainSortHeader({
  list,
  field,
  label,
  width,
}: {
  list: ServerList<RaRecord>;
  field: string;
  label: string;
  width?: number | string;
}) {
  const translate = useTranslate();
  const active = list.sort?.field === field;
  const direction = active && list.sort?.order === 'DESC' ? 'desc' : 'asc';
  return (
    <th
      style={width === undefined ? undefined : { width }}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={`cl-sort${active ? ' cl-sort-active' : ''}${direction === 'asc' ? ' cl-sort-asc' : ''}`}
        onClick={() => list.cycleSort(field)}
        title={translate('coop.list.sortHint')}
        data-testid={`sort-${field}`}
      >
        {label}
        <Icon name="arrowDownward" />
      </button>
    </th>
  );
}
