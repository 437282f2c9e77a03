import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, ButtonGroup, ListItemText, Menu, MenuItem } from '@mui/material';
import { Suspense, lazy, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../format';
import { inLandmarkOf } from '../plain/landmark';

/**
 * The calendar (MUI X and date-fns' locales, about 120 kB) loads when first opened: its own file beside the libraries
 * (`vite.config.ts`, group `calendar`), so the first screen does not download it.
 */
const DateCalendarDialog = lazy(() => import('./DateCalendarDialog'));

/**
 * A split button for a document as of a date: the main button asks for today (`null`: the server's day), the arrow
 * opens a menu with the last day of last year, the last day of the year before, and "other date…", a calendar dialog
 * limited to `range`. `onPick` gets the date (`YYYY-MM-DD`) or `null` for today.
 */
export function DateMenuButton({
  label,
  icon,
  testId,
  disabled = false,
  yearEnds,
  range,
  onPick,
}: {
  label: string;
  icon?: ReactNode;
  testId: string;
  disabled?: boolean;
  yearEnds: { lastYear: string; yearBefore: string };
  range: { min: string; max: string };
  onPick: (date: string | null) => void;
}) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The group, not the anchor: the landmark must stay the same while the menu closes (anchor null), or its portal moves.
  const group = useRef<HTMLDivElement>(null);
  const [calendar, setCalendar] = useState(false);
  const pick = (date: string | null) => {
    setAnchor(null);
    onPick(date);
  };
  return (
    <>
      <ButtonGroup ref={group} variant="outlined" size="small" disabled={disabled} data-testid={testId}>
        <Button
          startIcon={icon}
          onClick={() => onPick(null)}
          data-testid={`${testId}-today`}
          sx={{ textTransform: 'none', justifyContent: 'flex-start', flex: 1 }}
        >
          {label}
        </Button>
        <Button
          aria-label={translate('coop.exports.otherDates', { name: label })}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? menuId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid={`${testId}-menu`}
          sx={{ px: 0.5, minWidth: 0, flex: '0 0 auto' }}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      {/* Opened inside the page's main landmark (axe: region); not in place, where MUI hid the console's root and with it
          the menu from assistive technology (plain/menus.tsx). */}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        {...inLandmarkOf(() => group.current)}
        data-testid={`${testId}-dates`}
      >
        <MenuItem
          onClick={() => pick(yearEnds.lastYear)}
          data-testid={`${testId}-last-year`}
          data-date={yearEnds.lastYear}
        >
          <ListItemText primary={translate('coop.exports.lastYearEnd', { date: formatDate(yearEnds.lastYear) })} />
        </MenuItem>
        <MenuItem
          onClick={() => pick(yearEnds.yearBefore)}
          data-testid={`${testId}-year-before`}
          data-date={yearEnds.yearBefore}
        >
          <ListItemText primary={translate('coop.exports.yearBeforeEnd', { date: formatDate(yearEnds.yearBefore) })} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCalendar(true);
          }}
          data-testid={`${testId}-other`}
        >
          <ListItemText primary={translate('coop.exports.otherDate')} />
        </MenuItem>
      </Menu>
      {calendar ? (
        <Suspense fallback={null}>
          <DateCalendarDialog
            open
            title={translate('coop.exports.calendarTitle', { name: label })}
            confirmLabel={translate('coop.exports.download')}
            min={range.min}
            max={range.max}
            initial={yearEnds.lastYear < range.min ? range.max : yearEnds.lastYear}
            onChoose={(date) => {
              setCalendar(false);
              onPick(date);
            }}
            onClose={() => setCalendar(false)}
            testId="export-calendar"
          />
        </Suspense>
      ) : null}
    </>
  );
}
