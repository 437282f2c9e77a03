import { Box, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled group of form fields (the cooperative form's style). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Grid size={{ xs: 12 }} data-testid={testId}>
        <Typography
          variant="subtitle2"
          component="h2"
          color="primary"
          sx={{ mt: 2, mb: 0.5, textTransform: 'uppercase', letterSpacing: 0.6 }}
        >
          {title}
        </Typography>
      </Grid>
      {children}
    </>
  );
}

/** A label/value list (`<dl>`) in two columns, as the cooperative card. */
export function InfoList({
  rows,
  testId,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode, string?]>;
  testId?: string;
}) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(130px, max-content) 1fr' },
        columnGap: 3,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {rows.map(([label, value, id]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={id}>
            {value === '' || value === null || value === undefined ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                –
              </Box>
            ) : (
              value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
