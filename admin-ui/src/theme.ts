import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

const font = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * Below this width tables are dense (half the cells' sideways padding, the sort arrow closer to its label): up to the
 * lg breakpoint (1200 px) some columns are hidden, and from 1200 px they return (the NV list's issue date), so the
 * dense cells go on to 1280 px, where the full padding fits again (decision 287).
 */
const DENSE_BELOW = 1280;

/** A calm back-office look: dark blue bar, light grey page, white cards, outlined inputs. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#2e7d32' },
    // Darker than MUI's info and warning blue and orange, whose text (an outlined chip, a text button) falls short of
    // the 4.5:1 contrast on white that small text needs (WCAG 1.4.3).
    info: { main: '#01579b' },
    warning: { main: '#b45309' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1c2530', secondary: '#5a6675' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: font,
    fontSize: 14,
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600, fontSize: '1.1rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: '#dde3ea' } } },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', margin: 'dense' } },
    MuiFormControl: { defaultProps: { variant: 'outlined', size: 'small', margin: 'dense' } },
    MuiTableCell: {
      styleOverrides: {
        head: { color: '#5a6675', backgroundColor: '#f8fafc' },
        // Below 1280 px (a 1024 px laptop) half the sideways padding: the lists' tables fit the card instead of
        // scrolling sideways for a few pixels (the postings' list needed 983 of 974 px at 1024).
        root: ({ theme: t }: { theme: Theme }) => ({
          paddingTop: 8,
          paddingBottom: 8,
          [t.breakpoints.down(DENSE_BELOW)]: {
            '&:not(.MuiTableCell-paddingCheckbox)': { paddingLeft: 8, paddingRight: 8 },
          },
        }),
      },
    },
    // Below 1280 px the sort arrow sits closer to its label (MUI: 4 px either side): a one-word header over a column of
    // dates (the share register's "Zulassung") is then no wider than the dates (decision 287).
    MuiTableSortLabel: {
      styleOverrides: {
        icon: ({ theme: t }: { theme: Theme }) => ({
          [t.breakpoints.down(DENSE_BELOW)]: { marginLeft: 2, marginRight: 0 },
        }),
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
};
