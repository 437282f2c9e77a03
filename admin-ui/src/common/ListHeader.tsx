import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment, LinearProgress, TablePagination, TextField } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { PER_PAGE_CHOICES, type ServerList } from '../data/useServerList';

/** Search field (applied after a 500 ms pause) above the table. */
export function ListSearch({ list, name }: { list: ServerList<RaRecord>; name: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1 }}>
      <TextField
        size="small"
        fullWidth
        name={`${name}-search`}
        label={translate('coop.list.search')}
        value={list.searchInput}
        onChange={(e) => list.setSearchInput(e.target.value)}
        slotProps={{
          htmlInput: { 'data-testid': `${name}-search`, 'aria-label': translate('coop.list.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: list.searchInput ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label={translate('coop.list.clearSearch')} onClick={() => list.setSearchInput('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    </Box>
  );
}

/** Per-page choice (10/20/50) and "from–to of total" under the table. */
export function ListPagination({ list, name }: { list: ServerList<RaRecord>; name: string }) {
  const translate = useTranslate();
  return (
    <>
      {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TablePagination
        component="div"
        data-testid={`${name}-pagination`}
        count={list.total}
        page={list.total === 0 ? 0 : list.page - 1}
        rowsPerPage={list.perPage}
        rowsPerPageOptions={[...PER_PAGE_CHOICES]}
        onPageChange={(_, p) => list.setPage(p + 1)}
        onRowsPerPageChange={(e) => list.setPerPage(Number(e.target.value))}
        labelRowsPerPage={translate('coop.list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('coop.list.range', { from: list.total === 0 ? 0 : from, to, total: count })
        }
        getItemAriaLabel={(type) => translate(type === 'next' ? 'ra.navigation.next' : type === 'previous' ? 'ra.navigation.previous' : type === 'first' ? 'ra.navigation.first' : 'ra.navigation.last')}
        sx={{ '.MuiTablePagination-toolbar': { minHeight: 44, px: 1 } }}
      />
    </>
  );
}
