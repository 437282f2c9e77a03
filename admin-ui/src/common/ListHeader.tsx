import { useState } from 'react';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatCountIn } from '../format';
import { PER_PAGE_CHOICES, type ServerList } from '../data/useServerList';
import { ChoiceMenu, preloadMenus, type MenuChoice } from '../plain/ChoiceMenu';
import { Icon } from '../plain/icons';
import { OutlinedField } from '../plain/OutlinedField';

/**
 * Search field (applied after a 500 ms pause) above the table. Plain elements styled by `plain/plain.css`, like the
 * pagination below: every list shows both, the first screen's too (decision 26).
 */
export function ListSearch({ list, name }: { list: ServerList<RaRecord>; name: string }) {
  const translate = useTranslate();
  const label = translate('coop.list.search');
  const id = `${name}-search-input`;
  return (
    <div className="cl-list-search">
      <OutlinedField
        id={id}
        label={label}
        shrink
        start={<Icon name="search" size="small" />}
        end={
          list.searchInput ? (
            <button
              type="button"
              className="cl-iconbtn cl-iconbtn-sm"
              aria-label={translate('coop.list.clearSearch')}
              onClick={() => list.setSearchInput('')}
            >
              <Icon name="clear" size="small" />
            </button>
          ) : undefined
        }
      >
        <input
          id={id}
          className="cl-field-input"
          type="text"
          name={`${name}-search`}
          placeholder=" "
          value={list.searchInput}
          onChange={(e) => list.setSearchInput(e.target.value)}
          data-testid={`${name}-search`}
          aria-label={label}
        />
      </OutlinedField>
    </div>
  );
}

const PER_CHOICES: readonly MenuChoice<number>[] = PER_PAGE_CHOICES.map((n) => ({ value: n, label: n }));

/** The per-page choice: looks like MUI's borderless select; its menu is built only when opened. */
function PerPageSelect({ list, labelId }: { list: ServerList<RaRecord>; labelId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        className="cl-pagination-select"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-labelledby={labelId}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
      >
        {list.perPage}
        <Icon name="arrowDropDown" />
      </button>
      <ChoiceMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        choices={PER_CHOICES}
        current={list.perPage}
        onChoose={list.setPerPage}
        listLabel={{ 'aria-labelledby': labelId }}
      />
    </>
  );
}

/** Per-page choice (10/20/50) and "from–to of total" under the table, with the previous and next page buttons. */
export function ListPagination({ list, name }: { list: ServerList<RaRecord>; name: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const from = list.total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const to = Math.min(list.total, list.page * list.perPage);
  const lastPage = Math.max(1, Math.ceil(list.total / list.perPage));
  const previous = translate('ra.navigation.previous');
  const next = translate('ra.navigation.next');
  const labelId = `${name}-per-page-label`;
  return (
    <>
      <div className={list.isFetching ? 'cl-progress cl-progress-active' : 'cl-progress'} />
      <div className="cl-pagination" data-testid={`${name}-pagination`}>
        <div className="cl-pagination-bar">
          <div className="cl-pagination-spacer" />
          <p className="cl-pagination-text" id={labelId}>
            {translate('coop.list.rowsPerPage')}
          </p>
          <PerPageSelect list={list} labelId={labelId} />
          <p className="cl-pagination-text">
            {translate('coop.list.range', {
              from: formatCountIn(locale, from),
              to: formatCountIn(locale, to),
              total: formatCountIn(locale, list.total),
            })}
          </p>
          <div className="cl-pagination-actions">
            <button
              type="button"
              className="cl-iconbtn"
              disabled={list.page <= 1}
              aria-label={previous}
              title={previous}
              onClick={() => list.setPage(list.page - 1)}
            >
              <Icon name="keyboardArrowLeft" />
            </button>
            <button
              type="button"
              className="cl-iconbtn"
              disabled={list.page >= lastPage}
              aria-label={next}
              title={next}
              onClick={() => list.setPage(list.page + 1)}
            >
              <Icon name="keyboardArrowRight" />
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
