import {
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useParams } from 'react-router-dom';
import { EditBase, Form, TextInput, useEditContext, useTranslate, type RaRecord } from 'react-admin';
import { FormErrorNotice } from '../common/FormErrorNotice';
import { DateTextInput } from '../common/DateTextInput';
import { EditHeader } from '../common/EditHeader';
import { InfoList } from '../common/Section';
import { centsToDecimal, formatCount, formatDate, formatDateTime, formatMoney, parseEuroToCents } from '../format';
import { PageLoading } from '../layout/PageLoading';
import type { ShareRecord } from './model';
import { useLeaveWhenSaved } from '../common/useLeaveWhenSaved';

const formatEuro = (value: unknown): string =>
  typeof value === 'number' ? centsToDecimal(value) : typeof value === 'string' ? value : '';
const parseText = (value: string): string => value;
const validateEuro = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && parseEuroToCents(value) === null
    ? 'coop.validation.invalidAmount'
    : undefined;

/**
 * Only the payment fields go to the API; the euro text becomes integer cents by string handling. The payment as the
 * row was read goes with them: a payment booked meanwhile makes the API refuse the correction instead of overwriting
 * it (decision 296).
 */
const toApi = (data: RaRecord, options?: { previousData?: RaRecord }) => {
  const raw: unknown = data.rueckpfleinzahlung;
  const cents = typeof raw === 'number' ? raw : typeof raw === 'string' ? (parseEuroToCents(raw) ?? raw) : raw;
  const read: unknown = options?.previousData?.rueckpfleinzahlung;
  return {
    rueckpfleinzahlung: cents,
    interestEnd: data.interestEnd ?? null,
    expectedRueckpfleinzahlung: typeof read === 'number' ? read : null,
  };
};

function ShareForm() {
  const { record, isPending, error } = useEditContext<ShareRecord>();
  const translate = useTranslate();
  if (isPending) return <PageLoading />;
  if (error || !record)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('coop.edit.loadFailed', { message: error instanceof Error ? error.message : '' })}
      </Alert>
    );
  const f = (field: string) => translate(`resources.shares.fields.${field}`);
  // A transfer's half moves what the giver paid in (decision 327): its payment is not a clerk's to change; the field
  // says so before saving rather than after (the server refuses it with the same text).
  const transfer = record.process === 3 || record.process === 4;
  return (
    <Form record={record} warnWhenUnsavedChanges={false} disableInvalidFormNotification>
      <FormErrorNotice />
      <EditHeader title={translate('coop.title.share')} backTo="/shares" />
      <CardContent sx={{ px: 3 }}>
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate('coop.shares.paymentHint')}
        </Alert>
        <InfoList
          rows={[
            [f('memberNr'), record.memberNr ?? ''],
            [f('process'), translate(`coop.balances.types.${record.process}`, { _: String(record.process) })],
            [f('shareAmount'), formatCount(record.shareAmount)],
            [f('admissionDate'), formatDate(record.admissionDate)],
            [f('date'), formatDate(record.date)],
            [f('interestBegin'), formatDate(record.interestBegin)],
          ]}
        />
        <Grid container columnSpacing={2} sx={{ mt: 2 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput
              source="rueckpfleinzahlung"
              fullWidth
              format={formatEuro}
              parse={parseText}
              validate={validateEuro}
              helperText={transfer ? translate('coop.validation.transferPaymentFollows') : undefined}
              slotProps={{
                htmlInput: { 'data-testid': 'share-rueckpfleinzahlung', inputMode: 'decimal', readOnly: transfer },
                input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateTextInput source="interestEnd" fullWidth />
          </Grid>
        </Grid>
        {record.versions && record.versions.length > 0 ? (
          <Box sx={{ mt: 2 }}>
            <Typography
              variant="subtitle2"
              component="h2"
              color="primary"
              sx={{ textTransform: 'uppercase', letterSpacing: 0.6, mb: 0.5 }}
            >
              {translate('coop.shares.cdc')}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{f('cdcTimestamp')}</TableCell>
                  <TableCell>{f('cdcUser')}</TableCell>
                  <TableCell>{f('cdcAction')}</TableCell>
                  <TableCell align="right">{f('rueckpfleinzahlung')}</TableCell>
                  <TableCell>{f('effectiveDate')}</TableCell>
                  <TableCell>{f('interestEnd')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {record.versions.map((v, i) => (
                  <TableRow key={i} data-testid="share-version">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.cdcTimestamp)}</TableCell>
                    <TableCell>{v.cdcUser}</TableCell>
                    <TableCell>{translate(`coop.shares.actions.${v.cdcAction}`, { _: v.cdcAction })}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(v.rueckpfleinzahlung)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(v.effectiveDate)}</TableCell>
                    <TableCell>{formatDate(v.interestEnd)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Form>
  );
}

/** `/shares/{id}`: correct the payment fields of a share register row (ROLE_SUPER_ADMIN). */
export default function ShareEdit() {
  const { id = '' } = useParams();
  const leave = useLeaveWhenSaved('/shares', { resource: 'shares', action: 'updated', redirect: '/shares' });
  return (
    <Card component="section" data-testid="share-form" sx={{ maxWidth: 900, mx: 'auto' }}>
      <EditBase
        key={id}
        resource="shares"
        id={id}
        mutationMode="pessimistic"
        redirect="/shares"
        mutationOptions={leave}
        transform={toApi}
      >
        <ShareForm />
      </EditBase>
    </Card>
  );
}
