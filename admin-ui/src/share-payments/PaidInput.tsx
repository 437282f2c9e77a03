import { TextInput } from 'react-admin';
import { centsToDecimal, parseEuroToCents } from '../format';
import { useSharePaymentTexts } from './texts';

const formatEuro = (value: unknown): string =>
  typeof value === 'number' ? centsToDecimal(value) : typeof value === 'string' ? value : '';
const keepText = (value: string): string => value;
const validEuro = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && parseEuroToCents(value) === null
    ? 'coop.validation.invalidAmount'
    : undefined;

/**
 * The optional "paid" of a subscription (issue 45): the euros paid with it when it is paid in part; empty, paid in
 * full. The form sends it as cents (`euroTextToCents` in the form's transform).
 */
export function PaidInput({ testId }: { testId: string }) {
  const t = useSharePaymentTexts();
  return (
    <TextInput
      source="paid"
      label={t('paidWithPosting')}
      helperText={t('paidWithPostingHelp')}
      fullWidth
      format={formatEuro}
      parse={keepText}
      validate={validEuro}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'decimal', maxLength: 20 } }}
    />
  );
}
