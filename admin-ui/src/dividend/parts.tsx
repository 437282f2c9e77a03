import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Spinner } from '../plain/icons';

/** A calculation over many members takes a while: a spinner with a text says so (SPEC: long calculations show progress). */
export function Calculating({
  testId = 'dividend-calculating',
  text = 'coop.dividend.calculating',
}: {
  testId?: string;
  text?: string;
}) {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }} data-testid={testId}>
      <Spinner size={24} label={translate(text)} />
      <Typography>{translate(text)}</Typography>
    </Box>
  );
}

/** A failed request's message (the API's templates in the clerk's language, see `api()`). */
export function Failed({ error, testId }: { error: unknown; testId: string }) {
  return (
    <Alert severity="error" data-testid={testId} sx={{ my: 1 }}>
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}
