import { TablePagination } from '@mui/material';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCountIn } from '../format';
import { PER_PAGE_CHOICES } from '../data/useServerList';
import { inLandmarkOf } from '../plain/landmark';

const CHOICES: readonly number[] = PER_PAGE_CHOICES;

/** Page and rows per page of a plain table list (tasks, notifications), kept in the address (`page`, `perPage`). */
export interface AddressPage {
  readonly page: number;
  readonly perPage: number;
  readonly query: URLSearchParams;
  /** Sets (or, with null, removes) parameters of the address, replacing the history entry. */
  change(patch: Record<string, string | null>): void;
}

export function useAddressPage(): AddressPage {
  const [query, setQuery] = useSearchParams();
  const perPage = CHOICES.includes(Number(query.get('perPage'))) ? Number(query.get('perPage')) : 20;
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  const change = (patch: Record<string, string | null>): void => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(patch))
      if (v === null) next.delete(k);
      else next.set(k, v);
    setQuery(next, { replace: true });
  };
  return { page, perPage, query, change };
}

/** The pagination under such a list, in the clerk's language (SPEC 9: 20 a page, choices 10, 20, 50). */
export function AddressPagination({ total, at }: { total: number; at: AddressPage }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const root = useRef<HTMLDivElement>(null);
  return (
    <TablePagination
      component="div"
      count={total}
      page={at.page - 1}
      rowsPerPage={at.perPage}
      rowsPerPageOptions={[...CHOICES]}
      onPageChange={(_e, p) => at.change({ page: p === 0 ? null : String(p + 1) })}
      onRowsPerPageChange={(e) => at.change({ perPage: e.target.value === '20' ? null : e.target.value, page: null })}
      labelRowsPerPage={translate('coop.list.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('coop.list.range', {
          from: formatCountIn(locale, from),
          to: formatCountIn(locale, to),
          total: formatCountIn(locale, count),
        })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      // The rows-per-page menu opens inside the page's main landmark, not at the end of <body> (axe `region`): see
      // plain/menus.tsx for why not in place.
      ref={root}
      slotProps={{
        select: { MenuProps: inLandmarkOf(() => root.current) },
      }}
    />
  );
}
